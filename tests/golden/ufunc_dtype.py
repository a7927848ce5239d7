# args: --sig 'k(float32[::1], int32[::1], float64[::1], int64[::1], float16[::1])'
# dtype= of a CuPy ufunc picks the loop that outputs that dtype and casts the inputs to
# it (cupyx: ufunc._ops._guess_routine_from_dtype, then same_kind casts; constants are
# converted exactly): cp.sqrt of a float32 computed in double, cp.add of float32 and
# int32 in double, a dtype string, dtype=None as no dtype.
import cupy as cp
import numpy as np
from cupyx import jit


@jit.rawkernel()
def k(x, i, y, z, h):
    t = jit.threadIdx.x
    y[t] = cp.sqrt(x[t], dtype=cp.float64)
    y[t] += cp.exp(i[t], dtype=np.float32)
    y[t] += cp.add(x[t], i[t], dtype=cp.float64)
    y[t] += cp.true_divide(i[t], 3, dtype='f4')
    y[t] += cp.sin(0.1, dtype=cp.float64) + cp.multiply(0.1, x[t], dtype=cp.float64)
    z[t] = cp.multiply(i[t], 3, dtype=None) + cp.add(i[t], 1, dtype=cp.int64)
    h[t] = cp.square(x[t], dtype=cp.float16)
    z[t] += cp.floor(i[t], dtype=cp.int32) + cp.add(2**31 - 1, 1, dtype=cp.int64)
