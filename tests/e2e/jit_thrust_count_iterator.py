# run: --kernel jit_thrust_count_iterator --grid 1 --block 16,16,4 x=@jit_thrust_count_iterator.x.npy y=zeros:int32:16x16x4
# check: y
# input: x = rng.integers(0, 4, (16, 16, 128)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_count_iterator: x[i, j] of a 3-d array, counted against threadIdx.z (uint32).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_count_iterator(x, y):
    i = jit.threadIdx.x
    j = jit.threadIdx.y
    k = jit.threadIdx.z
    array = x[i, j]
    y[i, j, k] = jit.thrust.count(
        jit.thrust.device, array.begin(), array.end(), k)
