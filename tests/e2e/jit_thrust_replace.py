# run: --kernel jit_thrust_replace --grid 1 --block 128 x=@jit_thrust_replace.x.npy
# check: x
# input: x = rng.integers(0, 10, (128, 160)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_replace: 0 -> 999.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_replace(x):
    i = jit.threadIdx.x
    jit.thrust.replace(
        jit.thrust.device, x[i].begin(), x[i].end(), 0, 999)
