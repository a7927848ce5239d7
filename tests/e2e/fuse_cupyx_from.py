# run: --kernel inv x=@fuse_cupyx_from.x.npy
# check: out tol=1e-6
# input: x = (rng.random(64) * 10 + 0.1).astype(np.float32)
# @cupy.fuse: a cupyx ufunc imported by name (from cupyx import rsqrt as ...) and through
# the module.
import cupy as cp
import cupyx
from cupyx import rsqrt as inv_sqrt


@cp.fuse()
def inv(x):
    return inv_sqrt(x) * 2 + cupyx.rsqrt(x * 4)
