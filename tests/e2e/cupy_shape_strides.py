# run: --kernel f --grid 1 --block 1 arr=zeros:float64:3x4x6
# check: arr
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_shape_strides (order C): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(arr):
    x = jit.grid(1)
    if x == 0:
        shapes = arr.shape
        strides = arr.strides
        arr[0, 0, 0] = shapes[0]
        arr[0, 0, 1] = shapes[1]
        arr[0, 0, 2] = shapes[2]
        arr[0, 0, 3] = strides[0]
        arr[0, 0, 4] = strides[1]
        arr[0, 0, 5] = strides[2]
