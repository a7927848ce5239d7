# run: --kernel jit_thrust_reduce_init --grid 1 --block 128 x=@jit_thrust_reduce_init.x.npy y=zeros:int32:128
# check: y
# input: x = rng.integers(0, 10, (128, 160)).astype(np.int64)
# CuPy 14.2's test_thrust.py test_reduce_init: init 10 (int32: the sum is the init's type).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_reduce_init(x, y):
    i = jit.threadIdx.x
    y[i] = jit.thrust.reduce(
        jit.thrust.device, x[i].begin(), x[i].end(), 10)
