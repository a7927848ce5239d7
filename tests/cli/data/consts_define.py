# Constants pykc evaluates at compile time, and one it needs --define for (issue 7 §3, §4)
import cupy as cp
import numpy as np
from cupyx import jit
from config import N

EPS = np.finfo(np.float32).eps
BIG = np.finfo(np.float32).max
THIRD = np.float32(1) / 3
IMAX = np.iinfo(np.int16).max
DT = cp.dtype('f8').type
NOTHING = None


@jit.rawkernel()
def fill(x: cp.float32[:], y: cp.float64[:], n: cp.int64[:]):
    i = jit.threadIdx.x
    if i == 0 and NOTHING is None:
        x[0] = EPS
        x[1] = BIG
        x[2] = THIRD
        y[0] = DT(1) / 3
        y[1] = N
        n[0] = IMAX + N
