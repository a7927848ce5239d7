# run: --kernel amplitude f=@real5f_cvastro_amp.f.npy
# check: out tol=1e-5
# input: f = (rng.standard_normal((6, 5)) + 1j * rng.standard_normal((6, 5))).astype(np.complex64)
# Source: github.com/klaussfreire/cvastrophoto, its CuPy phase correlation
# (the CuPy branch of phase_cross_correlation): cupy.fuse(kernel_name="complex_amplitude"),
# cp.sum of cp.real(f * cp.conj(f)) over every axis: a float32 0-d result from complex64.
import cupy
import cupy as cp


@cupy.fuse(kernel_name="complex_amplitude")
def amplitude(f):
    return cp.sum(cp.real(f * cp.conj(f)))
