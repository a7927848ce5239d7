# run: --kernel f --grid 1 --block 1 x=zeros:int32:1x1x1x1x1x1x1 y=zeros:int64:1
# check: y
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_ndim: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    y[0] = x.ndim
