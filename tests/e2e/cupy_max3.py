# run: --kernel f --grid 8 --block 128 x=@cupy_max3.x.npy y=@cupy_max3.y.npy z=@cupy_max3.z.npy r=zeros:int32:1024
# check: r
# input: x = rng.integers(-1000, 1000, 1024).astype(np.int32)
# input: y = rng.integers(-1000, 1000, 1024).astype(np.int32)
# input: z = rng.integers(-1000, 1000, 1024).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_max: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, z, r):
    tid = jit.blockDim.x * jit.blockIdx.x + jit.threadIdx.x
    r[tid] = max(x[tid], y[tid], z[tid])
