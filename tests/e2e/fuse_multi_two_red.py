# run: --kernel two x=@fuse_multi_two_red.x.npy y=@fuse_multi_two_red.y.npy
# check: out0 out1 tol=1e-5
# input: x = rng.standard_normal((5, 7)).astype(np.float32)
# input: y = rng.integers(-50, 50, (7, 3)).astype(np.int32)
# @cupy.fuse with two distinct reductions (CuPy's old fusion refuses a second reduction,
# its new fusion runs each over its own shape): a tuple of a (7,) float32 sum and a (7,)
# int32 max.
import cupy as cp


@cp.fuse()
def two(x, y):
    return cp.sum(x, axis=0), cp.amax(y, axis=1)
