# run: --kernel jit_thrust_remove_copy --grid 1 --block 1 x=@jit_thrust_remove_copy.x.npy result=zeros:int32:6 size=zeros:int32:1
# check: result size
# input: x = np.array([3, 1, 4, 1, 5, 9], np.int32)
# CuPy 14.2's test_thrust.py test_remove_copy.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_remove_copy(x, result, size):
    ptr = jit.thrust.remove_copy(
        jit.thrust.device, x.begin(), x.end(), result.begin(), 1)
    size[0] = ptr - result.begin()
