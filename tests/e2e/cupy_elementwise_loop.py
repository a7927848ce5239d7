# run: --kernel f --grid 5 --block 6 x=@cupy_elementwise_loop.x.npy y=zeros:int32:1024 size=1024:uint32
# check: y
# input: x = rng.integers(0, 10, 1024).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_elementwise_loop: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, size):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    ntid = jit.blockDim.x * jit.gridDim.x
    for i in range(tid, size, ntid):
        y[i] = x[i]
