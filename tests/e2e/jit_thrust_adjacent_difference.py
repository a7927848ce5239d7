# run: --kernel jit_thrust_adjacent_difference --grid 1 --block 128 x=@jit_thrust_adjacent_difference.x.npy y=zeros:int32:128x128
# check: y
# input: x = rng.integers(0, 10, (128, 128)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_adjacent_difference: a row's iterators (x[i].begin(), .end()) of a strided 2-d array.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_adjacent_difference(x: cp.int32[:, :], y: cp.int32[:, :]):
    i = jit.threadIdx.x
    array = x[i]
    result = y[i]
    jit.thrust.adjacent_difference(
        jit.thrust.device, array.begin(), array.end(), result.begin())
