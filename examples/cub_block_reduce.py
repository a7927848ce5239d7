"""Per-block sum through CUB: a grid-stride accumulation, then jit.cub.BlockReduce (CUB's
warp-reduction algorithm, its temp storage in shared memory). partial[b] holds block b's
sum, as examples/block_reduce.py computes it by hand."""
from __future__ import annotations

import cupy as cp
from cupyx import jit

BLOCK = 256


@jit.rawkernel()
def cub_block_reduce(x: cp.int32[:], partial: cp.int64[:], n: cp.int32):
    BlockReduce = jit.cub.BlockReduce[cp.int64, BLOCK]
    temp_storage = jit.shared_memory(BlockReduce.TempStorage, 1)
    s = cp.int64(0)
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        s += x[i]
    total = BlockReduce(temp_storage[0]).Sum(s)
    if jit.threadIdx.x == 0:
        partial[jit.blockIdx.x] = total
