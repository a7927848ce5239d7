# run: --kernel cmath --grid 2 --block 64 z=@complex_math.z.npy w=@complex_math.w.npy o=zeros:complex128:128x10 p=zeros:complex64:128x10 b=zeros:int32:128x6 r=zeros:float64:128 q=zeros:float32:128
# check: o p b r q tol=2e-6
# input: z = special_complex(128, 'complex128')
# input: w = special_complex(128, 'complex64')
# CuPy's complex ufunc loops (F->F, D->D; abs F->f, D->d; isnan/isinf/isfinite F->?, D->?)
# on both widths, over every pairing of NaN, +-inf, +-0, huge, tiny and ordinary parts.
# CuPy computes them with its thrust-derived formulas (cupy/_core/include/cupy/complex/).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def cmath(z, w, o, p, b, r, q):
    i = jit.grid(1)
    a = z[i]
    c = w[i]
    o[i, 0] = cp.exp(a)
    o[i, 1] = cp.log(a)
    o[i, 2] = cp.log10(a)
    o[i, 3] = cp.sqrt(a)
    o[i, 4] = cp.sin(a)
    o[i, 5] = cp.cos(a)
    o[i, 6] = cp.tan(a)
    o[i, 7] = cp.sinh(a)
    o[i, 8] = cp.cosh(a)
    o[i, 9] = cp.tanh(a)
    p[i, 0] = cp.exp(c)
    p[i, 1] = cp.log(c)
    p[i, 2] = cp.log10(c)
    p[i, 3] = cp.sqrt(c)
    p[i, 4] = cp.sin(c)
    p[i, 5] = cp.cos(c)
    p[i, 6] = cp.tan(c)
    p[i, 7] = cp.sinh(c)
    p[i, 8] = cp.cosh(c)
    p[i, 9] = cp.tanh(c)
    b[i, 0] = cp.int32(cp.isnan(a))
    b[i, 1] = cp.int32(cp.isinf(a))
    b[i, 2] = cp.int32(cp.isfinite(a))
    b[i, 3] = cp.int32(cp.isnan(c))
    b[i, 4] = cp.int32(cp.isinf(c))
    b[i, 5] = cp.int32(cp.isfinite(c))
    r[i] = cp.abs(a)
    q[i] = cp.absolute(c)
