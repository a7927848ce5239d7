# run: --kernel jit_thrust_is_sorted --grid 1 --block 2 x=@jit_thrust_is_sorted.x.npy out=zeros:bool:2
# check: out
# input: x = np.array([[1, 4, 2, 8, 5, 7], [1, 2, 4, 5, 7, 8]])
# CuPy 14.2's test_thrust.py test_is_sorted.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_is_sorted(x, out):
    i = jit.threadIdx.x
    out[i] = jit.thrust.is_sorted(
        jit.thrust.device, x[i].begin(), x[i].end())
