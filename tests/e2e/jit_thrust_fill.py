# run: --kernel jit_thrust_fill --grid 1 --block 128 x=zeros:int32:128x160
# check: x
# CuPy 14.2's test_thrust.py test_fill.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_fill(x):
    i = jit.threadIdx.x
    array = x[i]
    jit.thrust.fill(jit.thrust.device, array.begin(), array.end(), 10)
