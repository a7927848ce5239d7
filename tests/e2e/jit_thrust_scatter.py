# run: --kernel jit_thrust_scatter --grid 1 --block 1 values=@jit_thrust_scatter.values.npy map=@jit_thrust_scatter.map.npy result=zeros:int64:10
# check: result
# input: values = np.arange(1, 11, dtype=np.int32)
# input: map = np.array([0, 5, 1, 6, 2, 7, 3, 8, 4, 9], np.int32)
# CuPy 14.2's test_thrust.py test_scatter: int32 values into an int64 result.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_scatter(values, map, result):
    jit.thrust.scatter(
        jit.thrust.device, values.begin(), values.end(),
        map.begin(), result.begin())
