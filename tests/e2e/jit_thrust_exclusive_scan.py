# run: --kernel jit_thrust_exclusive_scan --grid 1 --block 128 x=@jit_thrust_exclusive_scan.x.npy y=zeros:int32:128x160
# check: y
# input: x = rng.integers(0, 10, (128, 160)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_exclusive_scan.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_exclusive_scan(x, y):
    i = jit.threadIdx.x
    array = x[i]
    result = y[i]
    jit.thrust.exclusive_scan(
        jit.thrust.seq, array.begin(), array.end(), result.begin())
