# run: --kernel jit_thrust_lower_bound_vec --grid 1 --block 128 x=@jit_thrust_lower_bound_vec.x.npy v=@jit_thrust_lower_bound_vec.v.npy out=zeros:int32:128x200
# check: out
# input: x = np.sort(rng.integers(0, 200, 160), axis=-1).astype(np.int32)
# input: v = rng.integers(0, 200, (128, 200)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_lower_bound_vec: int32 results through an output iterator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_lower_bound_vec(x, v, out):
    i = jit.threadIdx.x
    jit.thrust.lower_bound(
        jit.thrust.seq, x.begin(), x.end(),
        v[i].begin(), v[i].end(), out[i].begin())
