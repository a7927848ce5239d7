# run: --kernel jit_thrust_unique --grid 1 --block 1 x=@jit_thrust_unique.x.npy size=zeros:int32:1
# check: x size
# input: x = np.array([1, 3, 3, 3, 2, 2, 1])
# CuPy 14.2's test_thrust.py test_unique (the whole array checked).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_unique(x, size):
    it = jit.thrust.unique(jit.thrust.device, x.begin(), x.end())
    size[0] = it - x.begin()
