# run: --kernel gbar --grid 16 --block 32 x=@jit_spin_grid_barrier.x.npy part=zeros:int32:16 y=zeros:int32:512 count=zeros:uint32:1
# check: y count
# input: x = rng.integers(-1000, 1000, 512).astype(np.int32)
# A software grid barrier in cupyx.jit: thread 0 of each block counts itself in with
# atomic_add and polls the counter with atomic_add(count, 0, 0) until every block is there
# (blocks exchange their sums through atomics). Two barriers: the sums are read, then
# rewritten. On the GPU the 16 blocks are co-resident; on the CPU backend a block that
# spins yields to the others.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def barrier(count, target):
    jit.syncthreads()
    if jit.threadIdx.x == 0:
        jit.atomic_add(count, 0, cp.uint32(1))
        arrived = False
        while not arrived:
            arrived = jit.atomic_add(count, 0, cp.uint32(0)) >= target
    jit.syncthreads()


@jit.rawkernel()
def gbar(x, part, y, count):
    b = jit.blockIdx.x
    i = b * jit.blockDim.x + jit.threadIdx.x
    jit.atomic_add(part, b, x[i])
    barrier(count, jit.gridDim.x)
    total = cp.int32(0)
    for k in range(jit.gridDim.x):
        total += jit.atomic_add(part, k, cp.int32(0))
    nxt = jit.atomic_add(part, (b + 1) % jit.gridDim.x, cp.int32(0))
    barrier(count, 2 * jit.gridDim.x)
    if jit.threadIdx.x == 0:
        jit.atomic_exch(part, b, cp.int32(0))
    barrier(count, 3 * jit.gridDim.x)
    jit.atomic_add(part, b, x[i] * 2)
    barrier(count, 4 * jit.gridDim.x)
    y[i] = x[i] * 16 - total + nxt + jit.atomic_add(part, (b + 3) % jit.gridDim.x, cp.int32(0))
