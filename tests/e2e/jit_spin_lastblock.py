# run: --kernel lastblock --grid 24 --block 64 x=@jit_spin_lastblock.x.npy part=zeros:int32:24 total=zeros:int32:1 retire=zeros:uint32:1 last=zeros:uint32:1
# check: total retire last
# input: x = rng.integers(-1000, 1000, 1536).astype(np.int32)
# A last-block reduction in cupyx.jit: each block publishes its sum with atomic_exch and
# takes a ticket with atomic_inc; the block that draws the last ticket sums the partial
# sums (read with atomic_add(part, k, 0)) and resets the counter.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lastblock(x, part, total, retire, last):
    b = jit.blockIdx.x
    t = jit.threadIdx.x
    sh = jit.shared_memory(cp.int32, 64)
    am_last = jit.shared_memory(cp.int32, 1)
    sh[t] = x[b * jit.blockDim.x + t]
    jit.syncthreads()
    s = jit.blockDim.x // cp.uint32(2)
    while s > 0:
        if t < s:
            sh[t] += sh[t + s]
        jit.syncthreads()
        s = s // cp.uint32(2)
    if t == 0:
        jit.atomic_exch(part, b, sh[0])
        ticket = jit.atomic_inc(retire, 0, jit.gridDim.x)
        am_last[0] = cp.int32(ticket == jit.gridDim.x - 1)
    jit.syncthreads()
    if am_last[0] != 0 and t == 0:
        acc = cp.int32(0)
        for k in range(jit.gridDim.x):
            acc += jit.atomic_add(part, k, cp.int32(0))
        total[0] = acc
        last[0] = jit.atomic_add(retire, 0, cp.uint32(0))
        retire[0] = cp.uint32(0)
