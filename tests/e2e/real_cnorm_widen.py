# run: --kernel norm_kernel x=@real_cnorm_widen.x.npy --axis 0
# check: y tol=1e-12
# input: x = (rng.standard_normal((50, 4)) + 1j * rng.standard_normal((50, 4))).astype(np.complex64)
# A real program (the same solver's column norms): x.real() and x.imag() of complex64 cast
# to double, a float64 output, sqrt in the post-map, axis=0. (Written out from the
# program's f-strings for complex64 accumulated in complex128.)
import cupy

norm_kernel = cupy.ReductionKernel(
        "complex64 x",
        "float64 y",
        "((double)x.real() * (double)x.real() + (double)x.imag() * (double)x.imag())",
        "a + b",
        "y = sqrt(a)",
        "0",
        "pyceles_norm_complex64_accum_complex128",
    )
