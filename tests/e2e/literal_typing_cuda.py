# run: --kernel lits --grid 1 --block 32 oi=zeros:int32:4 ol=zeros:int64:8 of=zeros:float64:6 n=1
# check: oi ol of
# mode='cuda' literal typing: ints are int32 when they fit (int32 arithmetic wraps),
# larger ints int64, floats float32; constant sub-expressions fold with those types.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lits(oi: cp.int32[:], ol: cp.int64[:], of: cp.float64[:], n: cp.int32):
    if jit.threadIdx.x == 0:
        x = 2147483647
        y = x + n
        oi[0] = y
        oi[1] = -2147483648 - n
        oi[2] = 7 // -2
        oi[3] = -7 % 3
        big = 3000000000
        ol[0] = big + n
        ol[1] = 2147483647 + n
        ol[2] = 2 ** 40
        ol[3] = big * big
        ol[4] = 9223372036854775807 + n
        ol[5] = 65536 * 65536
        ol[6] = x * n * 2
        ol[7] = 40000 * n * 60000
        of[0] = 0.1
        of[1] = 1.0 / 3.0
        of[2] = n / 3
        of[3] = n * 0.1
        of[4] = 16777219.0
        of[5] = 3.14159265358979 * n
