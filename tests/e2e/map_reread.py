# run: --kernel k --grid 1200 --block 256 y=ones:int16:300000 z=zeros:int16:300000
# check: y z
# A body that stores y[i] and then reads it again (z = 3, not 2): the twin loads y[i]
# first only for the statement before the store; z[i] reads the new y[i]
# (src/lower/batch.c, map mode).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(y: cp.int16[:], z: cp.int16[:]):
    i = jit.grid(1)
    if i < y.size:
        y[i] = y[i] * 2
        z[i] = y[i] + 1
