# run: --kernel jit_thrust_binary_search --grid 1 --block 128 x=@jit_thrust_binary_search.x.npy y=zeros:bool:128
# check: y
# input: x = np.sort(rng.integers(0, 200, (128, 160)), axis=-1).astype(np.int32)
# CuPy 14.2's test_thrust.py test_binary_search: thrust.seq, one value.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_binary_search(x, y):
    i = jit.threadIdx.x
    array = x[i]
    y[i] = jit.thrust.binary_search(
        jit.thrust.seq, array.begin(), array.end(), 100)
