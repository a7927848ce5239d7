# run: --kernel lmem --grid 2 --block 32 x=@ext_local_memory.x.npy out=zeros:int32:64
# check: out
# input: x = rng.integers(-1000, 1000, 64).astype(np.int32)
# jit.local_memory: a per-thread array (pykc extension; numpy reference).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lmem(x: cp.int32[:], out: cp.int32[:]):
    i = jit.grid(1)
    buf = jit.local_memory(cp.int64, 8)
    for k in range(8):
        buf[k] = x[i] * k
    s = cp.int64(0)
    for k in range(7, -1, -1):
        s = s * 3 + buf[k]
    out[i] = s
