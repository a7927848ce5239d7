# run: --kernel f --grid 1 --block 32 x=zeros:int32:32 m=8
# check: x
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_syncwarp_mask: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, m):
    laneId = jit.threadIdx.x & 0x1f
    if laneId < m:
        x[laneId] = 1
        jit.syncwarp(mask=(1 << m) - 1)
