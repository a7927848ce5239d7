# run: --kernel cfns z=@form_complex_fns.z.npy w=@form_complex_fns.w.npy r=0.75:float32
# check: a b c e cpu-ulp=16
# input: z = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# input: w = rng.standard_normal(300) * 2 + 1j * rng.standard_normal(300) * 2
# ElementwiseKernel snippets calling thrust's complex functions (cupy/complex/): exp log
# log10 sqrt pow sin cos tan sinh cosh tanh asin acos atan asinh acosh atanh proj, and
# arithmetic.h's mixed operators (complex op T, T op complex with one T), on complex64
# (a, b, c) and complex128 (e): CuPy's bits on the GPU (form_complex_pow: pow, polar).
import cupy as cp

cfns = cp.ElementwiseKernel(
    'complex64 z, complex128 w, float32 r',
    'complex64 a, complex64 b, complex64 c, complex128 e',
    '''
    a = exp(z) + log(z) * sqrt(z) - log10(z) + z * 2.0f - 0.5f * z + z / r - r / z;
    b = sin(z) * cos(z) - tan(z) + sinh(z) - cosh(z) * tanh(z) + (r - z) + (z + r);
    c = asin(z) + acos(z) * atan(z) - asinh(z) + acosh(z) * atanh(z);
    e = exp(w) * log(w) + sqrt(w) - pow(w, 2.5) + sin(w) / cosh(w) + atanh(w) - asin(w)
        + log10(w) * 3.0 - tan(w) + proj(w);
    ''',
    'cfns')
