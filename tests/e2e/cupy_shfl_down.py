# run: --kernel f --grid 1 --block 32 a=arange:uint64:32
# check: a
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shfl_down (dtype Q; N and full_mask, locals of the test, are module constants): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


N = 5
full_mask = 0xffffffff


@jit.rawkernel()
def f(a):
    value = jit.shfl_down_sync(full_mask, a[jit.threadIdx.x], N)
    a[jit.threadIdx.x] = value
