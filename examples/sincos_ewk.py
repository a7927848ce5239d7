# run: --kernel sincos x=@sincos_ewk.x.npy
# check: s c tol=1e-6
# args: --sig 'sincos(float32[:, :], float32[:, :], float32[:, :])'
# input: x = (rng.random((64, 96)) * 20 - 10).astype(np.float32)
"""Several outputs from one ElementwiseKernel: the sine and cosine of every element.

CuPy returns the outputs as a tuple, `s, c = sincos(x)`; `pykc run` allocates both and
writes them with --out / --print.
"""
import cupy as cp

sincos = cp.ElementwiseKernel(
    'T x',
    'T s, T c',
    '''
    s = sin(x);
    c = cos(x);
    ''',
    'sincos')

if __name__ == '__main__':
    x = cp.random.rand(256, 256, dtype=cp.float32)
    s, c = sincos(x)
    print(float(cp.abs(s * s + c * c - 1).max()))
