# run: --kernel f --grid 1 --block 32 a=100:int64 b=zeros:int64:32
# check: b
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shfl (dtype q): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(a, b):
    laneId = jit.threadIdx.x & 0x1f
    if laneId == 0:
        value = a
    value = jit.shfl_sync(0xffffffff, value, 0)
    b[laneId] = value
