# run: --kernel f --grid 1 --block 4,5 arr1=arange:int64:4x5 arr2=zeros:int64:4x5 n=4 m=5
# check: arr2
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_grid_2D: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(arr1, arr2, n, m):
    x, y = jit.grid(2)
    # TODO(leofang): make it possible to write this:
    # if x < arr1.shape[0] and y < arr1.shape[1]:
    if x < n and y < m:
        arr2[x, y] = arr1[x, y]
