# run: --kernel HenyeyGreensteinScattering._henyey_loop --grid 2 --block 16 random_inout=@real_henyey_static.random_inout.npy g=0.7:float32 size=100:int32
# check: random_inout tol=1e-5
# input: random_inout = (rng.random(100) * 1.4).astype(np.float32)
# A real program (light scattering in a detector model): a kernel and its device
# function as @staticmethods of a class, the device function called through the class.
import cupy as cp  # type: ignore
from cupyx import jit  # type: ignore
import numpy as np


class HenyeyGreensteinScattering:
    def __init__(self, g: np.float32):
        self._g = g

    @staticmethod
    @jit.rawkernel()
    def _henyey_loop(random_inout: cp.ndarray, g: np.float32, size: np.int32) -> None:
        tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
        ntid = jit.gridDim.x * jit.blockDim.x
        for i in range(tid, size, ntid):
            random_inout[i] = HenyeyGreensteinScattering._henyey(g, random_inout[i])

    @staticmethod
    @jit.rawkernel(device=True)
    def _henyey(g: np.float32, r: np.float32) -> np.float32:
        """r: random[0,2g)"""
        temp = (1 - g * g) / (1 - g + r)
        cost = (1 + g * g - temp * temp) / (2 * g)
        return cp.arccos(cost)
