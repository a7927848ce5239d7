# run: --kernel jit_thrust_is_sorted_until --grid 1 --block 2 x=@jit_thrust_is_sorted_until.x.npy out=zeros:int64:2
# check: out
# input: x = np.array([[1, 2, 3, 4, 1, 2, 3, 4], [1, 2, 4, 1, 2, 3, 5, 5]])
# CuPy 14.2's test_thrust.py test_is_sorted_until.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_is_sorted_until(x, out):
    i = jit.threadIdx.x
    it = jit.thrust.is_sorted_until(
        jit.thrust.device, x[i].begin(), x[i].end())
    out[i] = it - x[i].begin()
