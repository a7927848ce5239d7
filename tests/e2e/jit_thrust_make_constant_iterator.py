# run: --kernel jit_thrust_make_constant_iterator --grid 1 --block 128 x=zeros:int32:128
# check: x
# CuPy 14.2's test_thrust.py test_make_constant_iterator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_make_constant_iterator(x):
    i = jit.threadIdx.x
    it = jit.thrust.make_constant_iterator(i * i)
    x[i] = it[i]
