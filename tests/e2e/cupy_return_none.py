# run: --kernel f --grid 5 --block 6 x=@cupy_return_none.x.npy y=zeros:int32:30
# check: y
# input: x = rng.integers(0, 10, 30).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_return_none: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    y[tid] = x[tid]
    return None
