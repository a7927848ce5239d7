# Math builtins by CuPy's loop selection: float32 forms (sqrtf), float64 forms (sqrt),
# integer arguments taking the float16 loop, and min/max/abs with NaN handling.
import math

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mathfns(f: cp.float32[:], d: cp.float64[:], n: cp.int32[:], out: cp.float64[:]):
    i = jit.threadIdx.x
    a = cp.sqrt(f[i]) + cp.exp(f[i]) + math.sin(f[i]) + cp.arctan2(f[i], 2.0)
    b = cp.log(d[i]) + cp.hypot(d[i], d[0]) + cp.floor(d[i]) + cp.cbrt(d[i])
    c = cp.sqrt(n[i])
    e = min(f[i], f[0]) + max(d[i], d[0], 1.0) + abs(f[i]) + abs(n[i])
    g = min(n[i], 3) + max(n[i], n[0])
    h = cp.isnan(d[i]) or cp.isinf(f[i])
    k = cp.minimum(f[i], f[0]) + cp.fmax(d[i], d[0]) + cp.sign(f[i]) + cp.square(n[i])
    out[i] = a + b + c + e + g + h + k + math.pi + cp.inf
