# run: --kernel ranges --grid 1 --block 1 o=zeros:int32:10 lo=2 hi=23 step=3 nstep=-4 zero=0
# check: o
# range(stop), range(start, stop), constant negative steps, runtime positive and
# negative steps, empty ranges.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def ranges(o, lo, hi, step, nstep, zero):
    s = 0
    for j in range(10):
        s += j
    o[0] = s
    s = 0
    for j in range(3, 17, 4):
        s = s * 10 + j
    o[1] = s
    s = 0
    for j in range(20, -5, -3):
        s += j
    o[2] = s
    s = 0
    for j in range(lo, hi, step):
        s = s * 2 + j
    o[3] = s
    s = 0
    for j in range(hi, lo, nstep):
        s = s * 2 + j
    o[4] = s
    o[5] = j
    s = 0
    for j in range(zero):
        s += 1
    for j in range(5, 2):
        s += 1
    for j in range(lo, hi, -step):
        s += 1
    o[6] = s
    s = 0
    for j in range(-5, 5):
        s = s * 3 + j
    o[7] = s
    s = 0
    for j in range(hi):
        for m in range(j, hi, 5):
            s += m
    o[8] = s
    s = 0
    for j in range(lo, -lo, nstep):
        s += j
    o[9] = s
