# run: --kernel dot_kernel x=@real_cdot_widen.x.npy y=@real_cdot_widen.y.npy
# check: z tol=1e-12
# input: x = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# input: y = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# A real program (a Krylov solver's conjugate dot product): complex64 inputs widened to
# complex<double> by C casts in the map, conj, reduce_type='complex<double>', a complex128
# 0-d output. (The program builds the text with f-strings of the dtypes, here
# complex64 -> complex128, written out.)
import cupy

dot_kernel = cupy.ReductionKernel(
        "complex64 x, complex64 y",
        "complex128 z",
        # Widen before multiplication, not just when reducing the product.
        # A complex64 product can lose bits or overflow before a complex128
        # accumulator sees it; casts here require no widened device vectors.
        "conj((complex<double>)x) * (complex<double>)y",
        "a + b",
        "z = a",
        "0",
        "pyceles_dot_complex64_accum_complex128",
        reduce_type="complex<double>",
    )
