# mode='numpy': ints are int64, floats float64; Python scalars are weak (NEP 50).
import cupy as cp
from cupyx import jit


@jit.rawkernel(mode='numpy')
def k(x: cp.float32[:], y: cp.int8[:], u: cp.uint32[:], n: cp.int32):
    a = 1
    d = 1.5
    x[0] = x[1] * 2.0
    x[1] = x[2] + n
    y[0] = y[1] + 1
    b = u[1] + n
    for i in range(n):
        x[i] = i
