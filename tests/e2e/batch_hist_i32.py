# run: --kernel hist --grid 3 --block 64 data=@batch_hist_i32.data.npy n=3000 hist=zeros:uint32:16 last=zeros:int32:192
# check: hist last
# input: data = rng.integers(-2**31, 2**31, 3200, dtype=np.int64).astype(np.int32)
# A grid-stride loop over an int32 count whose loads pykc batches (src/lower/batch.c: 4 trips
# at a time, then the rest one by one; 192 threads over 3000 elements make 15 or 16 trips
# each: 3 batches and 3 or 4 alone); Python's % of negative values and int32 edges; a local assigned in the loop and
# read after it.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def hist(data: cp.int32[:], n: cp.int32, hist: cp.uint32[:], last: cp.int32[:]):
    local = jit.shared_memory(cp.uint32, 16)
    t = jit.threadIdx.x
    if t < 16:
        local[t] = cp.uint32(0)
    jit.syncthreads()
    w = cp.int32(0)
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        v = data[i]
        jit.atomic_add(local, v % 16, cp.uint32(1))
        w = v ^ i
    last[jit.grid(1)] = w
    jit.syncthreads()
    if t < 16:
        jit.atomic_add(hist, t, local[t])
