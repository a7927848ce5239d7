# run: --kernel jit_thrust_sort --grid 1 --block 256 x=@jit_thrust_sort.x.npy
# check: x
# input: x = rng.integers(0, 4, (256, 256)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_sort: 256 rows of 256 values in [0, 4).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_sort(x):
    i = jit.threadIdx.x
    array = x[i]
    jit.thrust.sort(jit.thrust.device, array.begin(), array.end())
