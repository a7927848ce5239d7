# run: --kernel f --grid 1,2,2 --block 2,2,2 arr1=arange:int64:2x3x4 arr2=zeros:int64:2x3x4 k=2 m=3 n=4
# check: arr2
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_grid_3D: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(arr1, arr2, k, m, n):
    x, y, z = jit.grid(3)
    if x < k and y < m and z < n:
        arr2[x, y, z] = arr1[x, y, z]
