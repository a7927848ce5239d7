# run: --kernel jit_thrust_half_misc --grid 1 --block 32 x=@jit_thrust_half_misc.x.npy y=zeros:float16:4x32x40 c=zeros:int32:32x6
# check: y c
# input: x = rng.choice(np.array([np.nan, 0.0, -0.0, 1.0, 2.0, -7.5, 0.1, 1000.0, -1.0, 3.0], np.float16), (32, 40))
# pykc's case: the other thrust algorithms on float16 elements: copy, count and find (==
# in float: -0.0 == 0.0, NaN equals nothing; an int32 value compares in float), replace,
# unique (of NaN and signed zeros), adjacent_difference (rounded to float16), sequence from
# a float16 init (float arithmetic, each value rounded when stored).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_half_misc(x, y, c):
    i = jit.threadIdx.x
    lo, hi = x[i].begin(), x[i].end()
    jit.thrust.copy(jit.thrust.seq, lo, hi, y[0, i].begin())
    jit.thrust.copy(jit.thrust.seq, lo, hi, y[1, i].begin())
    jit.thrust.replace(jit.thrust.seq, y[1, i].begin(), y[1, i].end(), cp.float16(1), cp.float16(-7.5))
    jit.thrust.adjacent_difference(jit.thrust.seq, lo, hi, y[2, i].begin())
    jit.thrust.sequence(jit.thrust.seq, y[3, i].begin(), y[3, i].end(), cp.float16(0.1), cp.float16(0.3))
    c[i, 0] = jit.thrust.count(jit.thrust.seq, lo, hi, cp.float16(0))
    c[i, 1] = jit.thrust.count(jit.thrust.seq, lo, hi, 2)
    c[i, 2] = jit.thrust.count(jit.thrust.seq, lo, hi, x[i][0])
    c[i, 3] = jit.thrust.find(jit.thrust.seq, lo, hi, cp.float16(-0.0)) - lo
    c[i, 4] = jit.thrust.find(jit.thrust.seq, lo, hi, cp.float16(1000)) - lo
    c[i, 5] = jit.thrust.unique(jit.thrust.seq, y[0, i].begin(), y[0, i].end()) - y[0, i].begin()
