# run: --kernel k --grid 1100 --block 256 x=arange:int32:300000 out=zeros:int16:300000 n=250000:int32
# check: out
# The twin's loop stops at min(n, the launch's threads): 281600 threads, n = 250000, and
# out past n keeps its zeros; a signed bound is clamped at 0 (src/lower/map.c).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int32[:], out: cp.int16[:], n: cp.int32):
    i = jit.grid(1)
    if i < n:
        out[i] = x[i] * 3 - 7
