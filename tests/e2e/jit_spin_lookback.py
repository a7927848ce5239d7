# run: --kernel lookback --grid 16 --block 64 x=@jit_spin_lookback.x.npy y=zeros:int32:1024 status=zeros:uint64:16
# check: y status
# input: x = rng.integers(0, 1000, 1024).astype(np.int32)
# An inclusive prefix sum by decoupled look-back in cupyx.jit: each tile scans in shared
# memory, publishes its aggregate (flag 1) in a 64-bit status word (flag * 2**32 + value),
# polls the earlier tiles' words with atomic_add(status, j, 0), spinning while one has
# published nothing, until one has its inclusive prefix (flag 2). Block b scans tile
# gridDim.x - 1 - b, so block 0 owns the last tile and waits for every other block.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lookback(x, y, status):
    t = jit.threadIdx.x
    tile = jit.gridDim.x - 1 - jit.blockIdx.x
    i = tile * jit.blockDim.x + t
    sh = jit.shared_memory(cp.int32, 64)
    excl = jit.shared_memory(cp.int32, 1)
    sh[t] = x[i]
    jit.syncthreads()
    d = cp.uint32(1)
    while d < jit.blockDim.x:
        add = cp.int32(0)
        if t >= d:
            add = sh[t - d]
        jit.syncthreads()
        sh[t] += add
        jit.syncthreads()
        d *= cp.uint32(2)
    if t == 0:
        word = cp.uint64(4294967296)
        agg = sh[jit.blockDim.x - 1]
        before = cp.int32(0)
        if tile == 0:
            jit.atomic_exch(status, 0, cp.uint64(2) * word + cp.uint64(agg))
        else:
            jit.atomic_exch(status, tile, cp.uint64(1) * word + cp.uint64(agg))
            j = cp.int32(tile) - 1
            while j >= 0:
                s = jit.atomic_add(status, j, cp.uint64(0))
                flag = s // word
                if flag != cp.uint64(0):
                    before += cp.int32(s % word)
                    if flag == cp.uint64(2):
                        j = cp.int32(-1)
                    else:
                        j -= 1
            jit.atomic_exch(status, tile, cp.uint64(2) * word + cp.uint64(before + agg))
        excl[0] = before
    jit.syncthreads()
    y[i] = sh[t] + excl[0]
