# run: --kernel rowsum x=@fuse_host_axis.x.npy
# check: out tol=1e-5
# input: x = rng.standard_normal((16, 100)).astype(np.float32)
# @cupy.fuse reducing along axis=x.ndim - 1: host Python (the argument's ndim, integer
# arithmetic) evaluated when the function is traced, as CuPy's trace evaluates it.
import cupy as cp


@cp.fuse()
def rowsum(x):
    return cp.sum(x * x, axis=x.ndim - 1)
