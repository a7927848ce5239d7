# run: --kernel jit_thrust_remove --grid 1 --block 1 x=@jit_thrust_remove.x.npy size=zeros:int32:1
# check: x size
# input: x = np.array([3, 1, 4, 1, 5, 9], np.int32)
# CuPy 14.2's test_thrust.py test_remove (the whole array checked: the tail keeps thrust's leftovers).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_remove(x, size):
    ptr = jit.thrust.remove(
        jit.thrust.device, x.begin(), x.end(), 1)
    size[0] = ptr - x.begin()
