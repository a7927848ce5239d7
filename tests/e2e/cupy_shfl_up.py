# run: --kernel f --grid 1 --block 32 a=arange:float32:32
# check: a
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shfl_up (dtype f; N, a local of the test, is a module constant): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


N = 5


@jit.rawkernel()
def f(a):
    value = jit.shfl_up_sync(0xffffffff, a[jit.threadIdx.x], N)
    a[jit.threadIdx.x] = value
