# run: --kernel cpow z=@form_complex_pow.z.npy r=0.75:float32
# check: d tol=1e-6 cpu-ulp=16
# input: z = (rng.standard_normal(300) + 1j * rng.standard_normal(300)).astype(np.complex64)
# thrust's pow (cpow.h: exp(log(z) * w) for complex, real and mixed exponents), polar and
# proj, and arithmetic.h's ordering of complex values (<, >=: real parts, then imaginary
# ones) and comparisons with a real. On an H100 a few elements differ from CuPy's in the
# last bit of a part (the sum's FMA contractions), hence tol=.
import cupy as cp

cpow = cp.ElementwiseKernel(
    'complex64 z, float32 r', 'complex64 d',
    '''
    d = pow(z, z) + pow(z, r) + pow(r, z) + proj(z) + thrust::polar(r, r)
        + (z < r ? z : -z) + (z >= complex<float>(0.5f, 0) ? z : conj(z))
        + (z == r || r != z ? complex<float>(1, 0) : complex<float>(0, 1));
    ''',
    'cpow')
