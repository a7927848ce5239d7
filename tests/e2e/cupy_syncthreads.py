# run: --kernel f --grid 1 --block 32,32 x=@cupy_syncthreads.x.npy y=zeros:int32:1024 buf=zeros:int32:1024
# check: y
# input: x = rng.integers(0, 10, 1024).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_syncthreads: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, buf):
    tid = jit.threadIdx.x + jit.threadIdx.y * jit.blockDim.x
    ntid = jit.blockDim.x * jit.blockDim.y
    buf[tid] = x[ntid - tid - 1]
    jit.syncthreads()
    y[tid] = buf[ntid - tid - 1]
