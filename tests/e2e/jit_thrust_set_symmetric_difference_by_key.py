# run: --kernel jit_thrust_set_symmetric_difference_by_key --grid 1 --block 1 keys1=@jit_thrust_set_symmetric_difference_by_key.keys1.npy keys2=@jit_thrust_set_symmetric_difference_by_key.keys2.npy values1=@jit_thrust_set_symmetric_difference_by_key.values1.npy values2=@jit_thrust_set_symmetric_difference_by_key.values2.npy keys_out=zeros:int64:10 values_out=zeros:int64:10 size=zeros:int64:2
# check: keys_out values_out size
# input: keys1 = np.array([0, 1, 2, 4, 6, 7])
# input: keys2 = np.array([1, 2, 5, 8])
# input: values1 = np.array([1, 1, 1, 1, 1, 1])
# input: values2 = np.array([2, 2, 2, 2])
# CuPy 14.2's test_thrust.py test_set_symmetric_difference_by_key.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_set_symmetric_difference_by_key(
        keys1, keys2, values1, values2, keys_out, values_out, size):
    it0, it1 = jit.thrust.set_symmetric_difference_by_key(
        jit.thrust.device,
        keys1.begin(), keys1.end(),
        keys2.begin(), keys2.end(),
        values1.begin(), values2.begin(),
        keys_out.begin(), values_out.begin()
    )
    size[0] = it0 - keys_out.begin()
    size[1] = it1 - values_out.begin()
