# run: --kernel cplx z=@fuse_ufunc_complex.z.npy
# check: out0 out1 out2 out3 tol=1e-5
# input: z = (rng.standard_normal(32) + 1j * rng.standard_normal(32)).astype(np.complex64)
# @cupy.fuse: complex loops: angle (F->f: arg), angle(deg=True), sinc (CuPy's complex
# statements), around of complex parts, float_power of complex64 (FF->D: complex128).
import cupy as cp


@cp.fuse()
def cplx(z):
    return cp.angle(z), cp.angle(z, True), cp.sinc(z) + cp.around(z, 1), cp.float_power(z, z)
