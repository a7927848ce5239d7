# run: --kernel k --grid 1300 --block 256 a=3:int8 x=arange:int32:300000 y=ones:int8:300000 out=zeros:int8:300000
# check: out
# A map kernel (src/lower/map.c) launched one element per thread on more blocks than fill
# the device (an H100: 132 x 8 of 256): libpykc runs its twin k__map, four trips at a time
# with x[i] and y[i] loaded first; the int32 result wraps into int8 as in CuPy.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(a: cp.int8, x: cp.int32[:], y: cp.int8[:], out: cp.int8[:]):
    i = jit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]
