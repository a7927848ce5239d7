# run: --kernel histogram --grid 8 --block 128 data=arange:int32:10000 hist=zeros:uint32:64 nbins=64
"""Histogram of data % nbins: each block counts into a privatised shared-memory
histogram with atomics, then adds it to the global one."""
from __future__ import annotations

import cupy as cp
from cupyx import jit

MAX_BINS = 256


@jit.rawkernel()
def histogram(data: cp.int32[:], hist: cp.uint32[:], nbins: cp.int32):
    local = jit.shared_memory(cp.uint32, MAX_BINS)
    t = jit.threadIdx.x
    for b in range(t, nbins, jit.blockDim.x):
        local[b] = cp.uint32(0)
    jit.syncthreads()
    for i in range(jit.grid(1), data.size, jit.gridsize(1)):
        jit.atomic_add(local, data[i] % nbins, cp.uint32(1))
    jit.syncthreads()
    for b in range(t, nbins, jit.blockDim.x):
        jit.atomic_add(hist, b, local[b])
