# run: --kernel f --grid 1 --block 1 x=@cupy_0dim_array.x.npy y=@cupy_0dim_array.y.npy
# check: y
# input: x = np.array(rng.integers(0, 10), dtype=np.int32)
# input: y = np.array(-1, dtype=np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_0dim_array: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    y[()] = x[()]
