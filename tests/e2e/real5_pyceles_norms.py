# run: --kernel norms x=@real5_pyceles_norms.x.npy --axis 0
# check: y tol=1e-12
# input: x = (rng.standard_normal((50, 4)) + 1j * rng.standard_normal((50, 4))).astype(np.complex64)
# Modelled on the same Krylov package's _norm_reduction_kernel('complex64', 'complex128')
# as _norms_block calls it (column norms, axis=0): x.real() and x.imag() of a complex64
# input, each cast to double before the products, summed in the output's float64 (no
# reduce_type), sqrt in the post-map. The texts are the ones its f-strings build.
import cupy

norms = cupy.ReductionKernel(
    "complex64 x",
    "float64 y",
    "((double)x.real() * (double)x.real() + (double)x.imag() * (double)x.imag())",
    "a + b",
    "y = sqrt(a)",
    "0",
    "pyceles_norm_complex64_accum_complex128",
)
