# Compile-time constants: NumPy scalars, dtype objects, finfo/iinfo, math, None (issue 7 §3)
import math

import cupy as cp
import numpy as np
from cupyx import jit

F32MAX = np.finfo(np.float32).max
F32MIN = np.finfo(cp.float32).min
F32EPS = np.finfo(np.float32).eps
F32TINY = np.finfo(np.float32).tiny
F32RES = np.finfo('f4').resolution
F64MAX = np.finfo(np.float64).max
F64EPS = np.finfo(float).eps
F64SUB = np.finfo(np.float64).smallest_subnormal
F16MAX = np.finfo(np.float16).max
F16RES = np.finfo(np.float16).resolution
I32MAX = np.iinfo(np.int32).max
I8MIN = np.iinfo(np.int8).min
U64MAX = np.iinfo(cp.uint64).max
dt = cp.float32
INF32 = cp.dtype(dt).type(cp.inf)
ITEMSIZE = np.dtype('f8').itemsize
THIRD = np.float32(1) / 3
WRAP = np.int8(100) + 100
ROOT = np.float32(2) ** 0.5
FLOORED = np.float32(-7.5) // 2
TAU = math.tau
SQRT2 = math.sqrt(np.float32(2))
PAIR = (np.float32(1.5), 2)
NOTHING = None
LIMIT = None if F32MAX > 0 else 1


@jit.rawkernel(device=True)
def clamp(v, lo):
    if v < lo:
        return None
    return


@jit.rawkernel()
def consts(x: cp.float32[:], y: cp.float64[:], n: cp.int64[:], u: cp.uint64[:]):
    i = jit.threadIdx.x
    x[0] = F32MAX
    x[1] = F32MIN
    x[2] = F32EPS
    x[3] = F32TINY
    x[4] = F32RES
    y[0] = F64MAX
    y[1] = F64EPS
    y[2] = F64SUB
    x[5] = F16MAX
    x[6] = F16RES
    n[0] = I32MAX
    n[1] = I8MIN
    u[0] = U64MAX
    x[7] = INF32
    n[2] = ITEMSIZE
    x[8] = THIRD
    n[3] = WRAP
    x[9] = ROOT
    x[10] = FLOORED
    y[3] = TAU
    y[4] = SQRT2
    x[11] = PAIR[0] + dt(0)
    x[12] = THIRD * 3
    clamp(x[i], 0.0)
    if NOTHING is None and LIMIT == None:
        x[i] = 1
    if x is not None:
        x[i] = 2
    if NOTHING is not None:
        x[i] = undefined_name
