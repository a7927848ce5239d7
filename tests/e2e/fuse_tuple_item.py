# run: --kernel rem x=@fuse_tuple_item.x.npy y=@fuse_tuple_item.y.npy
# check: out tol=1e-6
# input: x = rng.integers(-50, 50, (4, 6)).astype(np.int32)
# input: y = rng.integers(1, 9, (4, 6)).astype(np.int32)
# @cupy.fuse: one item of a tuple returned (`return t[1]`): a single output `out`, not a
# tuple, as CuPy's trace returns the item.
import cupy as cp


@cp.fuse()
def rem(x, y):
    t = cp.divmod(x, y)
    return t[1]
