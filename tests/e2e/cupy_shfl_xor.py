# run: --kernel f_shfl_xor --grid 1 --block 32 a=arange:float64:32
# check: a
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shfl_xor (dtype d): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f_shfl_xor(a):
    laneId = jit.threadIdx.x & 0x1f
    value = 31 - laneId
    i = 16
    while i >= 1:
        value += jit.shfl_xor_sync(0xffffffff, value, i)
        i //= 2
    a[jit.threadIdx.x] = value
