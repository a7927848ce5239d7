# range() loops with constant and run-time steps, unrolling, while, break and continue.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def loops(x: cp.int32[:], n: cp.int32, step: cp.int32):
    s = 0
    for i in range(n):
        s += i
    for i in range(10, 0, -2):
        s += i
    for i in range(0, n, step):
        s -= i
    for k in jit.range(4, unroll=True):
        s += k
    for k in jit.range(n, unroll=2):
        s ^= k
    for k in jit.range(n, unroll=False):
        s |= k
    j = 0
    while True:
        j += 1
        if j > n:
            break
        if j % 2 == 0:
            continue
        s += j
    x[0] = s
