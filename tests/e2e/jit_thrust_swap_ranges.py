# run: --kernel jit_thrust_swap_ranges --grid 1 --block 256 x=@jit_thrust_swap_ranges.x.npy y=@jit_thrust_swap_ranges.y.npy
# check: x y
# input: x = rng.integers(0, 4, (256, 256)).astype(np.int32)
# input: y = rng.integers(0, 4, (256, 256)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_swap_ranges.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_swap_ranges(x, y):
    i = jit.threadIdx.x
    jit.thrust.swap_ranges(
        jit.thrust.device, x[i].begin(), x[i].end(), y[i].begin())
