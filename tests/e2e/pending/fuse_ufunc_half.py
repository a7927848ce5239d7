# run: --kernel half x=@fuse_ufunc_half.x.npy y=@fuse_ufunc_half.y.npy
# check: out0 out1 out2 out3 tol=2e-3
# input: x = (rng.standard_normal(64) * 3).astype(np.float16)
# input: y = (rng.standard_normal(64) * 2).astype(np.float16)
# @cupy.fuse: float16 loops (computed in float, each result a float16): divmod's quotient and
# remainder, fmod + logaddexp, deg2rad (CuPy multiplies by (float16)(pi / 180)). modf and
# frexp are fuse_ufunc_half_modf's, around fuse_ufunc_half_around's: apart, so that one
# ufunc CuPy cannot compile for float16 fails alone (together CuPy said '"half" has already
# been declared').
import cupy as cp


@cp.fuse()
def half(x, y):
    q, r = cp.divmod(x, y)
    return q, r, cp.fmod(x, y) + cp.logaddexp(x, y), cp.deg2rad(x)
