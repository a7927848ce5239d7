# run: --kernel consts --grid 2 --block 64 x=@module_constants.x.npy o=zeros:float32:128 oi=zeros:int32:128
# check: o oi
# input: x = rng.standard_normal(128).astype(np.float32)
# Module-level constants (int, float, bool, dtype) are compile-time constants.
import cupy as cp
from cupyx import jit

TILE = 64
SCALE = 2.5
SHIFT = 3
ENABLED = True
DT = cp.float32
BIG = 5000000000


@jit.rawkernel()
def consts(x, o, oi):
    buf = jit.shared_memory(DT, TILE)
    t = jit.threadIdx.x
    i = jit.grid(1)
    buf[t] = x[i]
    jit.syncthreads()
    if ENABLED:
        o[i] = buf[TILE - 1 - t] * SCALE
    else:
        o[i] = 0.0
    oi[i] = (t << SHIFT) + BIG // 1000000000 + cp.int32(DT(1.75) * 2)
