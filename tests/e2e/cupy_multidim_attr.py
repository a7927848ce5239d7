# run: --kernel f --grid 5 --block 6 x=@cupy_multidim_attr.x.npy y=zeros:int32:12x13
# check: y
# input: x = rng.integers(0, 10, (12, 13)).astype(np.int32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_raw_multidimensional_array_with_attr: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    ntid = jit.blockDim.x * jit.gridDim.x
    n_col = x.size // len(x)
    for i in range(tid, x.size, ntid):
        i_row = i // n_col
        i_col = i % n_col
        y[i_row, i_col] = x[i_row, i_col]
