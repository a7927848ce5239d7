# run: --kernel vector_add --grid 4 --block 256 x=arange:float32:1000 y=ones:float32:1000 out=zeros:float32:1000 n=1000
"""Element-wise vector addition: out = x + y, one thread per element."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def vector_add(x: cp.float32[:], y: cp.float32[:], out: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    if i < n:
        out[i] = x[i] + y[i]
