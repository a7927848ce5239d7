# run: --kernel f --grid 1 --block 30 x=@cupy_device_function.x.npy y=@cupy_device_function.y.npy z=zeros:int32:30
# check: z
# input: x = rng.integers(0, 10, 30).astype(np.int32)
# input: y = rng.integers(0, 10, 30).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_device_function.py::TestDeviceFunction::test_device_function: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, z):
    tid = jit.threadIdx.x
    z[tid] = g(x[tid], y[tid]) + x[tid] + y[tid]


@jit.rawkernel(device=True)
def g(x, y):
    x += 1
    y += 1
    return x + y
