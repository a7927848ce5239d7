# The loop variable has the type of range's stop; steps, unroll, while, tuple targets.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int64, m: cp.uint32):
    for i in range(n):
        x[i] = 0
    for j in range(10, 0, -1):
        x[j] = 1
    for u in jit.range(0, m, 2, unroll=4):
        x[u] = 2
    for s in range(0, n, m):
        x[s] = 3
    a, b = jit.grid(2)
    a, b = b, a
    while a > 0:
        a -= 1
        if a == 5:
            break
    if False:
        x[0] = undefined_name
