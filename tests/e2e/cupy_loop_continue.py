# run: --kernel f --grid 1 --block 32 x=zeros:int64:32 y=zeros:int64:32 z=zeros:int64:32
# check: x y z
# CuPy tests/cupyx_tests/jit_tests/test_raw.py::TestRaw::test_loop_continue: the kernel as the test defines it.
import cupy
from cupyx import jit
import numpy


@jit.rawkernel()
def f(x, y, z):
    tid = jit.grid(1)

    for i in range(10):
        # adds 0-9, except for 5.
        # Sum is 40
        if i == 5:
            continue
        x[tid] += i

    i2 = 0
    while i2 < 9:
        # adds 1-9 in a while loop, except for 6,
        # should equal 39
        i2 += 1
        if i2 == 6:
            continue
        y[tid] += i2

    for i in range(11):
        # adds 0-10, but skips if the sum is greater than 3*i,
        # skips 8 and 9, but not 10 (28 < 3*10), sum is 38
        if z[tid] > 3*i:
            continue
        z[tid] += i
