# run: --kernel scale x=@fuse_dtype_of.x.npy k=3
# check: out0 out1 tol=1e-6
# input: x = (rng.random(128) * 10 + 0.5).astype(np.float32)
# @cupy.fuse: x.astype(x.dtype), x.dtype.type(v) (a NumPy scalar of x's dtype: strong),
# x.dtype in a comparison, cupyx.rsqrt, cp.floor and cp.trunc.
import cupy as cp
import cupyx


@cp.fuse()
def scale(x, k):
    one = x.dtype.type(1.5)
    y = x.astype(x.dtype) * k + one
    if x.dtype == cp.float64:
        y = y * 0
    return cupyx.rsqrt(y * y + one), cp.floor(y) - cp.trunc(-y)
