# Static and dynamic shared memory (with alignment), barriers, per-thread local memory.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def reduce(x: cp.float32[:], out: cp.float32[:]):
    tile = jit.shared_memory(cp.float32, 256, alignment=16)
    dyn = jit.shared_memory(cp.int32, None)
    loc = jit.local_memory(cp.float32, 4)
    t = jit.threadIdx.x
    tile[t] = x[jit.blockIdx.x * jit.blockDim.x + t]
    dyn[t] = t
    loc[0] = tile[t]
    jit.syncthreads()
    s = jit.blockDim.x // 2
    while s > 0:
        if t < s:
            tile[t] += tile[t + s]
        jit.syncthreads()
        s //= 2
    if t == 0:
        out[jit.blockIdx.x] = tile[0] + loc[0] + dyn[1]
