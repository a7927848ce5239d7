# run: --kernel f --grid 32 --block 32 --shared-mem 128 x=@cupy_shared_dynamic.x.npy y=zeros:int32:1024
# check: y
# input: x = rng.integers(0, 10, 1024).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shared_memory_dynamic: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    tid = jit.threadIdx.x
    ntid = jit.blockDim.x
    bid = jit.blockIdx.x
    i = tid + bid * ntid

    smem = jit.shared_memory(numpy.int32, None)
    smem[tid] = x[i]
    jit.syncthreads()
    y[i] = smem[ntid - tid - 1]
