# run: --kernel jit_thrust_counting_args --grid 1 --block 32 x=zeros:int32:32x40 r=zeros:int64:32x6
# check: x r
# jit.thrust's counting iterator as an algorithm's input and in arithmetic (issue 22 §3):
# copy of a counting range, reduce / count / find / lower_bound / inner_product over one,
# it + n, it - it.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_counting_args(x: cp.int32[:, :], r: cp.int64[:, :]):
    i = jit.threadIdx.x
    j = cp.int32(i)
    n = j + 8
    first = jit.thrust.make_counting_iterator(j * 3)
    last = first + n
    end = jit.thrust.copy(jit.thrust.device, first, last, x[i].begin())
    r[i, 0] = end - x[i].begin()
    r[i, 1] = jit.thrust.reduce(jit.thrust.seq, first, last)
    r[i, 2] = jit.thrust.count(jit.thrust.seq, first, last, j * 3 + 5)
    r[i, 3] = jit.thrust.find(jit.thrust.seq, first, last, j * 3 + 4) - first
    r[i, 4] = jit.thrust.lower_bound(jit.thrust.seq, first, last, j * 4) - first
    r[i, 5] = jit.thrust.inner_product(jit.thrust.seq, first, last, x[i].begin(), 7)
