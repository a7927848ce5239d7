# run: --kernel k --grid 16,32 --block 32,32 a=ones:uint8:1000x500 b=arange:int32:1000x500
# check: a
# A 2-d map kernel (src/lower/map.c) updating a in place at [y, x] (its axes written out):
# one view read and written at the thread's own element only, so libpykc runs its twin
# (runtime/overlap.c); 1024 x 512 threads over 1000 x 500 elements.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(a: cp.uint8[:, :], b: cp.int32[:, :]):
    col = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    row = jit.blockIdx.y * jit.blockDim.y + jit.threadIdx.y
    if row < a.shape[0] and col < a.shape[1]:
        a[row, col] = cp.uint8((cp.int32(a[row, col]) * 3 + b[row, col]) % 256)
