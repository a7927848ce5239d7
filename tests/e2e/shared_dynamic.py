# run: --kernel dyn --grid 3 --block 128 --shared-mem 1024 x=@shared_dynamic.x.npy o=zeros:int64:384
# check: o
# input: x = rng.integers(-1000, 1000, 384)
# Dynamic shared memory (size=None): sized by the launch's shared-memory bytes.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def dyn(x: cp.int64[:], o: cp.int64[:]):
    buf = jit.shared_memory(cp.int64, None)
    t = jit.threadIdx.x
    i = jit.grid(1)
    buf[t] = x[i]
    jit.syncthreads()
    s = buf[t]
    if t > 0:
        s += buf[t - 1]
    if t < jit.blockDim.x - 1:
        s += buf[t + 1]
    o[i] = s
