# run: --kernel jit_thrust_set_intersection_by_key --grid 1 --block 1 keys1=@jit_thrust_set_intersection_by_key.keys1.npy keys2=@jit_thrust_set_intersection_by_key.keys2.npy values1=@jit_thrust_set_intersection_by_key.values1.npy keys_out=zeros:int64:10 values_out=zeros:int64:10 size=zeros:int64:2
# check: keys_out values_out size
# input: keys1 = np.array([1, 3, 5, 7, 9, 11])
# input: keys2 = np.array([1, 1, 2, 3, 5, 8, 13])
# input: values1 = np.array([2, 2, 2, 2, 2, 2, 2])
# CuPy 14.2's test_thrust.py test_set_intersection_by_key: one values range.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_set_intersection_by_key(
        keys1, keys2, values1, keys_out, values_out, size):
    it0, it1 = jit.thrust.set_intersection_by_key(
        jit.thrust.device,
        keys1.begin(), keys1.end(),
        keys2.begin(), keys2.end(),
        values1.begin(),
        keys_out.begin(), values_out.begin()
    )
    size[0] = it0 - keys_out.begin()
    size[1] = it1 - values_out.begin()
