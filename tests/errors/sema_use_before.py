import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    if n > 0:
        t = x[0]
    x[1] = t
    x[2] = t
    for i in range(n):
        last = x[i]
    x[3] = last
    if n > 1:
        both = 1.0
    else:
        both = 2.0
    x[4] = both
    while n > 0:
        w = 1.0
        n -= 1
    x[5] = w
