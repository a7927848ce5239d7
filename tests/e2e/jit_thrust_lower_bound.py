# run: --kernel jit_thrust_lower_bound --grid 1 --block 128 x=@jit_thrust_lower_bound.x.npy v=@jit_thrust_lower_bound.v.npy out=zeros:int32:128
# check: out
# input: x = np.sort(rng.integers(0, 10, 160), axis=-1).astype(np.int32)
# input: v = rng.integers(0, 10, 128).astype(np.int32)
# CuPy 14.2's test_thrust.py test_lower_bound: one value per thread.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_lower_bound(x, v, out):
    i = jit.threadIdx.x
    it = jit.thrust.lower_bound(
        jit.thrust.seq, x.begin(), x.end(), v[i])
    out[i] = it - x.begin()
