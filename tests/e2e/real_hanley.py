# run: --kernel _hanley_loop --grid 4 --block 8 random_inout=@real_hanley.random_inout.npy g=0.7:float32 size=100:int32
# check: random_inout tol=1e-5
# input: random_inout = (rng.random(100) * 1.4).astype(np.float32)
# A real program (light scattering in a detector model): numpy scalar annotations on a
# device function and a kernel (`-> np.float32`, `cp.ndarray`, `-> None`), cp.arccos, a
# grid-stride range loop.
from typing import Tuple
import cupy as cp  # type: ignore
from cupyx import jit  # type: ignore
import math
import numpy as np


@jit.rawkernel(device=True)
def _hanley(g: np.float32, r: np.float32) -> np.float32:
    """r: random[0,2g)"""
    temp = (1 - g * g) / (1 - g + r)
    cost = (1 + g * g - temp * temp) / (2 * g)
    return cp.arccos(cost)


@jit.rawkernel()
def _hanley_loop(random_inout: cp.ndarray, g: np.float32, size: np.int32) -> None:
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.gridDim.x * jit.blockDim.x
    for i in range(tid, size, ntid):
        random_inout[i] = _hanley(g, random_inout[i])
