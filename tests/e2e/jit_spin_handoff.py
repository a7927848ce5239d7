# run: --kernel handoff --grid 20 --block 64 x=@jit_spin_handoff.x.npy val=zeros:int32:20 flag=zeros:int32:20 order=zeros:uint32:20 ticket=zeros:uint32:1
# check: val flag order ticket
# input: x = rng.integers(0, 1000, 1280).astype(np.int32)
# A producer/consumer chain between blocks in cupyx.jit: block b polls block b + 1's flag
# with atomic_add(flag, b + 1, 0), takes its value, and publishes its own value and then its
# flag with atomic_exch. The last block starts the chain, so the blocks finish in reverse
# order (`order`); on the CPU backend block 0 runs first and must yield while it waits.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def handoff(x, val, flag, order, ticket):
    b = jit.blockIdx.x
    t = jit.threadIdx.x
    sh = jit.shared_memory(cp.int32, 64)
    sh[t] = x[b * jit.blockDim.x + t]
    jit.syncthreads()
    s = jit.blockDim.x // cp.uint32(2)
    while s > 0:
        if t < s:
            sh[t] += sh[t + s]
        jit.syncthreads()
        s = s // cp.uint32(2)
    if t == 0:
        carry = cp.int32(0)
        if b + 1 < jit.gridDim.x:
            ready = False
            while not ready:
                ready = jit.atomic_add(flag, b + 1, cp.int32(0)) != 0
            carry = jit.atomic_add(val, b + 1, cp.int32(0))
        jit.atomic_exch(val, b, (carry * 3 + sh[0]) % 1000003)
        order[b] = jit.atomic_add(ticket, 0, cp.uint32(1))
        jit.atomic_exch(flag, b, cp.int32(1))
