import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    for v in x:
        x[0] = v
    for i in range(n):
        x[i] = 0
    else:
        pass
    while n > 0:
        n -= 1
    else:
        pass
