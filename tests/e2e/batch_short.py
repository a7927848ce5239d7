# run: --kernel k --grid 2 --block 64 x=@batch_short.x.npy c=zeros:int32:8 t=zeros:int64:128
# check: c t
# input: x = rng.integers(0, 1 << 40, 50, dtype=np.int64)
# A grid-stride loop with fewer elements (50) than threads (128): most threads make no trip
# and none makes the four that pykc's batched loop needs for one int64 array (src/lower/batch.c), so only the
# loop for the rest runs; the loop runs over x.size (an int64 variable).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int64[:], c: cp.int32[:], t: cp.int64[:]):
    local = jit.shared_memory(cp.int32, 8)
    if jit.threadIdx.x < 8:
        local[jit.threadIdx.x] = 0
    jit.syncthreads()
    s = cp.int64(0)
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):
        jit.atomic_add(local, x[i] % 8, 1)
        s += x[i] >> 3
    t[jit.grid(1)] = s
    jit.syncthreads()
    if jit.threadIdx.x < 8:
        jit.atomic_add(c, jit.threadIdx.x, local[jit.threadIdx.x])
