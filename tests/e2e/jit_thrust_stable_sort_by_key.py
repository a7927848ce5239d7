# run: --kernel jit_thrust_stable_sort_by_key --grid 1 --block 256 x=@jit_thrust_stable_sort_by_key.x.npy y=@jit_thrust_stable_sort_by_key.y.npy
# check: x y
# input: x = rng.permutation(256 * 256).reshape(256, 256).astype(np.int32)
# input: y = rng.integers(0, 20000, (256, 256)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_stable_sort_by_key: distinct keys (a shuffled arange), values in [0, 20000).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_stable_sort_by_key(x, y):
    i = jit.threadIdx.x
    x_array = x[i]
    y_array = y[i]
    jit.thrust.stable_sort_by_key(
        jit.thrust.device,
        x_array.begin(),
        x_array.end(),
        y_array.begin(),
    )
