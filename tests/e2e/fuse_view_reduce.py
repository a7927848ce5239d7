# run: --kernel rsum x=@fuse_view_reduce.x.npy
# check: out tol=1e-5
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# @cupy.fuse: a reduction of views (CuPy's new fusion): x[::-1] * x[0] summed over
# axis 0, then scaled after the reduction.
import cupy as cp


@cp.fuse()
def rsum(x):
    return cp.sum(x[::-1] * x[0], axis=0) * 2
