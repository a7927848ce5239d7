# run: --kernel jit_thrust_find --grid 1 --block 16,16,4 x=@jit_thrust_find.x.npy y=zeros:int32:16x16x4
# check: y
# input: x = rng.integers(0, 4, (16, 16, 128)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_find: the found iterator minus begin() (the end's 128 when absent).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_find(x, y):
    i, j, k = jit.threadIdx.x, jit.threadIdx.y, jit.threadIdx.z
    array = x[i, j]
    iterator = jit.thrust.find(
        jit.thrust.device, array.begin(), array.end(), k)
    y[i, j, k] = iterator - array.begin()
