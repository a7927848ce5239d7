# run: --kernel f --grid 2,7,4 --block 3,5,11 arr=zeros:float64:3
# check: arr
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_gridsize_3D: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(arr):
    x, y, z = jit.grid(3)
    gx, gy, gz = jit.gridsize(3)
    if x == 0 and y == 0 and z == 0:
        arr[0] = gx
        arr[1] = gy
        arr[2] = gz
