# run: --kernel mconst --grid 1 --block 32 x=@math_constants.x.npy o=zeros:float64:8x32 ob=zeros:bool:2x32
# check: o ob
# input: x = rng.standard_normal(32).astype(np.float32)
# cp.pi, cp.inf, cp.nan, math.pi, math.e, math.inf, math.nan: Python floats, so float32
# constants in mode='cuda'.
import math

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mconst(x, o, ob):
    i = jit.threadIdx.x
    v = x[i]
    o[0, i] = cp.pi * v
    o[1, i] = math.pi
    o[2, i] = math.e + v
    o[3, i] = cp.inf * v
    o[4, i] = -math.inf
    o[5, i] = cp.nan
    o[6, i] = math.nan + v
    o[7, i] = cp.pi
    ob[0, i] = v < cp.inf
    ob[1, i] = cp.isnan(math.nan * v)
