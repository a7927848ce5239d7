# run: --kernel jit_thrust_unique_by_key --grid 1 --block 1 keys=@jit_thrust_unique_by_key.keys.npy values=@jit_thrust_unique_by_key.values.npy size=zeros:int32:2
# check: keys values size
# input: keys = np.array([1, 3, 3, 3, 2, 2, 1])
# input: values = np.array([9, 8, 7, 6, 5, 4, 3])
# CuPy 14.2's test_thrust.py test_unique_by_key (the whole arrays checked).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_unique_by_key(keys, values, size):
    it0, it1 = jit.thrust.unique_by_key(
        jit.thrust.device, keys.begin(), keys.end(), values.begin())
    size[0] = it0 - keys.begin()
    size[1] = it1 - values.begin()
