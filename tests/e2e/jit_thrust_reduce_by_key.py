# run: --kernel jit_thrust_reduce_by_key --grid 1 --block 1 keys=@jit_thrust_reduce_by_key.keys.npy values=@jit_thrust_reduce_by_key.values.npy keys_out=zeros:int32:7 values_out=zeros:int32:7 size1=zeros:int32:1 size2=zeros:int32:2
# check: keys_out values_out size1 size2
# input: keys = np.array([1, 3, 3, 3, 2, 2, 1], np.int32)
# input: values = np.array([9, 8, 7, 6, 5, 4, 3], np.int32)
# CuPy 14.2's test_thrust.py test_reduce_by_key: the returned pair's [0] and [1].
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_reduce_by_key(keys, values, keys_out, values_out, size1, size2):
    ret = jit.thrust.reduce_by_key(
        jit.thrust.device, keys.begin(), keys.end(),
        values.begin(), keys_out.begin(), values_out.begin())
    size1[0] = ret[0] - keys_out.begin()
    size2[0] = ret[1] - values_out.begin()
