# run: --kernel cmax z=@fuse_complex_max.z.npy w=@fuse_complex_max.w.npy
# check: out0 out1
# input: z = special_complex(300, 'complex64')
# input: w = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# cp.maximum / cp.minimum of complex64 values in @cupy.fuse: CuPy's loop routine
# `(isnan(in0) | isnan(in1)) ? out0_type(NAN) : max(in0, in1)` with complex.cuh's isnan and
# max (real parts, then imaginary ones), over NaN, inf, signed-zero parts.
import cupy as cp


@cp.fuse()
def cmax(z, w):
    return cp.maximum(z, w), cp.minimum(z, w * 2)
