# run: --kernel k --grid 2 --block 32 x=@batch_cond_load.x.npy y=@batch_cond_load.y.npy n=333:uint32 s=zeros:int64:64 last=zeros:int64:64
# input: x = rng.integers(-1000, 1000, 400, dtype=np.int64)
# input: y = rng.integers(-1000, 1000, 400, dtype=np.int64)
# A grid-stride loop over a uint32 count (stride 64, 5 or 6 trips per thread: a batch of 4,
# src/lower/batch.c's depth for one int64 load, then 1 or 2 alone) whose body
# reads x[i] always and y[i] only when x[i] > 0, into shared memory: pykc batches the
# loop's loads but leaves the guarded one in its branch (src/lower/batch.c); the loop
# variable is read after the loop (Python's last value: a hidden counter runs the loop).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int64[:], y: cp.int64[:], n: cp.uint32, s: cp.int64[:], last: cp.int64[:]):
    acc = jit.shared_memory(cp.int64, 32)
    g = jit.grid(1)
    t = jit.threadIdx.x
    acc[t] = 0
    i = g
    for i in range(g, n, jit.gridsize(1)):
        v = x[i]
        if v > 0:
            acc[t] += y[i]
        acc[t] = acc[t] * 3 + v
    s[g] = acc[t]
    last[g] = i
