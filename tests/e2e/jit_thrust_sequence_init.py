# run: --kernel jit_thrust_sequence_init --grid 1 --block 128 x=zeros:int32:128x160
# check: x
# CuPy 14.2's test_thrust.py test_sequence_init.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_sequence_init(x):
    i = jit.threadIdx.x
    jit.thrust.sequence(jit.thrust.device, x[i].begin(), x[i].end(), 1)
