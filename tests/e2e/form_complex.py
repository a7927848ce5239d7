# run: --kernel cplx a=@form_complex.a.npy b=@form_complex.b.npy s=2.5
# check: c m tol=1e-13
# input: a = rng.standard_normal((3, 40)) + 1j * rng.standard_normal((3, 40))
# input: b = rng.standard_normal(40) + 1j * rng.standard_normal(40)
# ElementwiseKernel on complex128: CuPy's complex<T> arithmetic (thrust's division),
# conj, norm, a complex scalar cast from a real one, a real output from abs and arg.
import cupy as cp

cplx = cp.ElementwiseKernel(
    'T a, T b, T s', 'T c, float64 m',
    'c = (a * b - conj(a)) / (b + s); m = abs(c) + arg(a) * norm(b)',
    'cplx')
