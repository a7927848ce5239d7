# run: --kernel jit_thrust_count_shared_memory --grid 1 --block 32 x=arange:int32:32 y=zeros:int32:32
# check: y
# CuPy 14.2's test_thrust.py test_count_shared_memory: thrust.count over shared memory, `smem + 32` as the end.
from __future__ import annotations

import cupy as cp
import numpy
from cupyx import jit


@jit.rawkernel()
def jit_thrust_count_shared_memory(x, y):
    tid = jit.threadIdx.x
    smem = jit.shared_memory(numpy.int32, 32)
    smem[tid] = x[tid]
    jit.syncthreads()
    y[tid] = jit.thrust.count(jit.thrust.device, smem, smem + 32, tid)
