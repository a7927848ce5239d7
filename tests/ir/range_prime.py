# The motivating case for value-range facts: every operand of // and % is provably
# non-negative (loop variable counting up from 0, n = i + 2, d starts at 2 and is only
# incremented), so the emitted code uses C's / and % with no floor-division helpers.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def prime_factor_sum(out: cp.int32[::1], count: cp.int32):
    start = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    stride = jit.gridDim.x * jit.blockDim.x
    for i in range(start, count, stride):
        n = i + 2
        s = 0
        d = 2
        while d * d <= n:
            while n % d == 0:
                s += d
                n //= d
            d += 1
        if n > 1:
            s += n
        out[i] = s
