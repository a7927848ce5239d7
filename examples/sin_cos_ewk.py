# run: --kernel sin_cos x=@sin_cos_ewk.x.npy
# check: s c tol=1e-6
# args: --sig 'sin_cos(float32[:, :], float32[:, :], float32[:, :])'
# input: x = (rng.random((64, 96)) * 20 - 10).astype(np.float32)
"""Several outputs from one ElementwiseKernel: the sine and cosine of every element.

CuPy returns the outputs as a tuple, `s, c = sin_cos(x)`; `pykc run` allocates both and
writes them with --out / --print.
"""
import cupy as cp

sin_cos = cp.ElementwiseKernel(
    'T x',
    'T s, T c',
    '''
    s = sin(x);
    c = cos(x);
    ''',
    'sin_cos')

if __name__ == '__main__':
    x = cp.random.rand(256, 256, dtype=cp.float32)
    s, c = sin_cos(x)
    print(float(cp.abs(s * s + c * c - 1).max()))
