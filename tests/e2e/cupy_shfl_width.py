# run: --kernel f --grid 1 --block 32 a=100:int32 b=arange:int32:32 w=8
# check: b
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shfl_width (w = 8): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(a, b, w):
    laneId = jit.threadIdx.x & 0x1f
    value = jit.shfl_sync(0xffffffff, b[jit.threadIdx.x], 0, width=w)
    b[laneId] = value
