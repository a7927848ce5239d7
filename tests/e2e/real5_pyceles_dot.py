# run: --kernel dot x=@real5_pyceles_dot.x.npy y=@real5_pyceles_dot.y.npy
# check: z tol=1e-12
# input: x = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# input: y = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# Modelled on a published Krylov solver package (pyceles, _cupy_krylov: GMRES/LSQR on
# CuPy): _dot_reduction_kernel('complex64', 'complex128'), the conjugate dot product of
# complex64 vectors accumulated in complex128 without widening the vectors: the map
# casts each complex<float> to complex<double> with a C cast before conj() and the
# product, reduce_type="complex<double>", a full reduction to a 0-d complex128 array.
# The program builds the texts with f-strings of the dtypes (the Python package takes the
# factory as written); here they are the texts it builds.
import cupy

dot = cupy.ReductionKernel(
    "complex64 x, complex64 y",
    "complex128 z",
    # Widen before multiplication, not just when reducing the product.
    "conj((complex<double>)x) * (complex<double>)y",
    "a + b",
    "z = a",
    "0",
    "pyceles_dot_complex64_accum_complex128",
    reduce_type="complex<double>",
)
