# run: --kernel jit_thrust_sequence_step --grid 1 --block 128 x=zeros:int32:128x160
# check: x
# CuPy 14.2's test_thrust.py test_sequence_step: init numpy.int32(threadIdx.x), step 10.
from __future__ import annotations

import cupy as cp
import numpy
from cupyx import jit


@jit.rawkernel()
def jit_thrust_sequence_step(x):
    i = numpy.int32(jit.threadIdx.x)
    jit.thrust.sequence(
        jit.thrust.device, x[i].begin(), x[i].end(), i, 10)
