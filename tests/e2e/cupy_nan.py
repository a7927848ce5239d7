# run: --kernel f --grid 5 --block 6 x=zeros:float32:30
# check: x
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_nan (dtype f, a parameter of the test, is a module constant): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy

dtype = numpy.float32


@jit.rawkernel()
def f(x):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    x[tid] = cupy.dtype(dtype).type(cupy.nan)
