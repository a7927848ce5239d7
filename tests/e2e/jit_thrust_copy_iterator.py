# run: --kernel jit_thrust_copy_iterator --grid 1 --block 256 x=@jit_thrust_copy_iterator.x.npy y=zeros:int32:256x256
# check: y
# input: x = rng.integers(0, 10, (256, 256)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_copy_iterator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_copy_iterator(x: cp.int32[:, :], y: cp.int32[:, :]):
    i = jit.threadIdx.x
    x_array = x[i]
    y_array = y[i]
    jit.thrust.copy(
        jit.thrust.device,
        x_array.begin(),
        x_array.end(),
        y_array.begin(),
    )
