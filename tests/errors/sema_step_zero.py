import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    for i in range(0, n, 0):
        x[i] = 0
    for j in range(0, n, 2 - 2):
        x[j] = 0
    for q in range(0.5):
        pass
    for r in jit.range(n, unroll=n):
        pass
    for a, b in range(n):
        pass
    for s in range(n, step=2):
        pass
