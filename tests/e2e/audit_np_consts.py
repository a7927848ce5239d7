# run: --kernel audit_np --grid 1 --block 32 x=@audit_np_consts.x.npy v=@audit_np_consts.v.npy o=zeros:float64:32 oi=zeros:int32:32
# check: o oi tol=1e-12
# input: x = rng.standard_normal(32).astype(np.float32)
# input: v = rng.integers(-100, 100, 32).astype(np.int32)
# NumPy functions of constants are called at compile time (np.sqrt(2) is a float64
# scalar), abs of a numpy scalar stays in its type, and cp.floor/ceil/trunc of integers
# are the identity (CuPy's integer loops).
import numpy as np
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def audit_np(x, v, o, oi):
    t = jit.threadIdx.x
    o[t] = x[t] * np.sqrt(2) + np.sqrt(2) / 3 + np.floor(2.5)
    oi[t] = cp.floor(v[t]) + cp.ceil(v[t]) * 2 + cp.trunc(v[t]) * 3 + abs(cp.int8(-128))
