# run: --kernel f --grid 1 --block 32 x=zeros:int64:32 y=zeros:int64:32 z=zeros:int64:32
# check: x y z
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_loop_break: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, z):
    tid = jit.grid(1)

    for i in range(10):
        # adds 0-4,
        # break at 5. Sum is 10
        if i == 5:
            break
        x[tid] += i

    i2 = 0
    while i2 < 9:
        # adds 1-5 in a while loop,
        # breaks at 6, should equal 15
        i2 += 1
        if i2 == 6:
            break
        y[tid] += i2
    for i in range(11):
        # adds 0-10, but stops once the sum is greater than 3*i,
        # breaks at 8 (28 > 3*8), sum is 28
        if z[tid] > 3*i:
            break
        z[tid] += i
