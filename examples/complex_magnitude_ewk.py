# run: --kernel complex_magnitude z=@complex_magnitude_ewk.z.npy
# check: mag tol=1e-6
# args: --sig 'complex_magnitude(complex64[:], float32[:])'
# input: z = (rng.standard_normal(4096) * 3 + 1j * rng.standard_normal(4096) * 3).astype(np.complex64)
"""The magnitude of complex numbers as a CuPy ElementwiseKernel: mag = |z|.

The snippet sees CuPy's complex<float> (thrust's): abs(z) is hypotf(re, im), as on CuPy.
"""
import cupy as cp

complex_magnitude = cp.ElementwiseKernel(
    'complex64 z',
    'float32 mag',
    'mag = abs(z)',
    'complex_magnitude')

if __name__ == '__main__':
    z = cp.asarray([3 + 4j, 1j, -2.5], dtype=cp.complex64)
    print(complex_magnitude(z))
