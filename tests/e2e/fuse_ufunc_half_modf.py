# run: --kernel halfmodf x=@fuse_ufunc_half_modf.x.npy y=@fuse_ufunc_half_modf.y.npy
# check: out0 out1 tol=2e-3
# input: x = (rng.standard_normal(64) * 3).astype(np.float16)
# input: y = (rng.standard_normal(64) * 2).astype(np.float16)
# @cupy.fuse: float16 modf (fraction + whole, a float16) and frexp's exponent (int32).
import cupy as cp


@cp.fuse()
def halfmodf(x, y):
    frac, whole = cp.modf(x)
    m, e = cp.frexp(y)
    return frac + whole, e
