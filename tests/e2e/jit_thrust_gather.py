# run: --kernel jit_thrust_gather --grid 1 --block 128 x=@jit_thrust_gather.x.npy y=@jit_thrust_gather.y.npy z=zeros:float32:128x160
# check: z
# input: x = rng.integers(0, 160, (128, 160)).astype(np.int32)
# input: y = rng.random(160).astype(np.float32)
# CuPy 14.2's test_thrust.py test_gather: int32 map, float32 values.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_gather(x, y, z):
    i = jit.threadIdx.x
    map_ = x[i]
    input_ = y
    result = z[i]
    jit.thrust.gather(
        jit.thrust.device, map_.begin(), map_.end(),
        input_.begin(), result.begin())
