# run: --kernel jit_thrust_equal_range --grid 1 --block 128 x=@jit_thrust_equal_range.x.npy y=zeros:int32:128
# check: y
# input: x = np.sort(rng.integers(0, 200, (128, 160)), axis=-1).astype(np.int32)
# CuPy 14.2's test_thrust.py test_equal_range: a pair of iterators unpacked, their difference stored.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_equal_range(x, y):
    i = jit.threadIdx.x
    array = x[i]
    start, end = jit.thrust.equal_range(
        jit.thrust.seq, array.begin(), array.end(), 100)
    y[i] = end - start
