# run: --kernel block_reduce --grid 8 --block 256 x=arange:int32:2000 partial=zeros:int64:8 n=2000
"""Per-block sum: a grid-stride accumulation, a shared-memory tree down to one warp,
then a shfl_down_sync warp stage. partial[b] holds block b's sum."""
from __future__ import annotations

import cupy as cp
from cupyx import jit

BLOCK = 256


@jit.rawkernel()
def block_reduce(x: cp.int32[:], partial: cp.int64[:], n: cp.int32):
    buf = jit.shared_memory(cp.int64, BLOCK)
    t = cp.int32(jit.threadIdx.x)
    s = cp.int64(0)
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        s += x[i]
    buf[t] = s
    jit.syncthreads()
    step = BLOCK // 2
    while step >= 32:
        if t < step:
            buf[t] += buf[t + step]
        jit.syncthreads()
        step //= 2
    if t < 32:
        v = buf[t]
        off = cp.uint32(16)
        while off > 0:
            v += jit.shfl_down_sync(0xffffffff, v, off)
            off = off // 2
        if t == 0:
            partial[jit.blockIdx.x] = v
