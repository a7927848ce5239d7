# run: --kernel jit_thrust_replace_copy --grid 1 --block 128 x=@jit_thrust_replace_copy.x.npy out=zeros:int32:128x160
# check: out
# input: x = rng.integers(0, 10, (128, 160)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_replace_copy.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_replace_copy(x, out):
    i = jit.threadIdx.x
    jit.thrust.replace_copy(
        jit.thrust.device, x[i].begin(), x[i].end(),
        out[i].begin(), 0, 999)
