# run: --kernel jit_thrust_sequence --grid 1 --block 128 x=zeros:int32:128x160
# check: x
# CuPy 14.2's test_thrust.py test_sequence.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_sequence(x):
    i = jit.threadIdx.x
    jit.thrust.sequence(jit.thrust.device, x[i].begin(), x[i].end())
