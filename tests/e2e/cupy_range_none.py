# run: --kernel f --grid 3 --block 10 x=@cupy_range_none.x.npy
# check: x
# input: x = rng.random(30).astype(np.float32)
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_range (unroll = None, a parameter of the test, is a module constant): the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy

unroll = None


@jit.rawkernel()
def f(x):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    y = x[tid]
    # workaround: can't use "is" here...
    if unroll == None:  # noqa: E711
        for i in jit.range(5):
            y += 2
    else:
        for i in jit.range(5, unroll=unroll):
            y += 2
    x[tid] = y
