# run: --kernel f --grid 1 --block 1 x=zeros:int64:2
# check: x
# CuPy tests/cupyx_tests/jit_tests/test_device_function.py::TestDeviceFunction::test_device_function_called_once: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel(device=True)
def g(x):
    x[0] += 1
    return 1


@jit.rawkernel()
def f(x):
    x[g(x)] += 1
