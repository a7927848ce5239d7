# run: --kernel premap_inplace x=@fuse_premap_inplace.x.npy y=@fuse_premap_inplace.y.npy
# check: x y
# input: x = rng.integers(0, 10, (3, 4)).astype(np.int64)
# input: y = rng.integers(0, 10, (3, 4)).astype(np.int64)
# @cupy.fuse: CuPy's test_premap_inplace (commented out in its tests, waiting on it):
# updates of the arguments before a reduction. CuPy's old fusion passes the reduction's
# map its inputs by value and loses them; pykc writes them, as NumPy (and CuPy's new
# fusion) does: tools/gen_expected.py's NUMPY_REFERENCE.
import cupy as cp


@cp.fuse()
def premap_inplace(x, y):
    x += 2
    y += x
    return cp.sum(y, 1)
