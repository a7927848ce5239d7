# Operators: chained comparisons, and/or/not giving bool, bool arithmetic, conditional
# expressions, shifts, bitwise ops, true division, ** on integers and floats, casts, and
# exact comparisons between signed and unsigned values.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def exprs(a: cp.int32[:], f: cp.float32[:], u: cp.uint64[:], b: cp.bool_[:], out: cp.float64[:]):
    i = jit.threadIdx.x
    x = a[i]
    y = f[i]
    inside = 0 < x <= 10
    flag = inside and not b[i] or x == 3
    both = b[i] + b[0]
    v = x if flag else -x
    w = (x << 3) | (x >> 1) & 0xFF ^ ~x
    p = x ** 3 + x ** i
    q = y ** 2.0
    r = x / 4
    s = cp.int64(x) < u[i]
    t = -1 < jit.threadIdx.x
    out[i] = v + w + p + q + r + s + t + both + cp.float32(x) + int(y)
