# run: --kernel f --grid 5 --block 6 x=zeros:int8:30 y=1:int8
# check: x
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_numpy_scalar_args (dtype int8): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    x[tid] = y
