# run: --kernel f --grid 1 --block 64 arr=zeros:uint32:64
# check: arr
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_laneid: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(arr):
    x = jit.grid(1)
    if x < arr.size:
        arr[x] = jit.laneid()
