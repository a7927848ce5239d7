import cupy as cp
from cupyx import jit


@jit.rawkernel()
def reduce(x, out):
    buf = jit.shared_memory(cp.float64, 1024)
    t = jit.threadIdx.x
    buf[t] = x[jit.blockIdx.x * jit.blockDim.x + t]
    jit.syncthreads()
    s = jit.blockDim.x // 2
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        jit.syncthreads()
        s //= 2
    if t == 0:
        out[jit.blockIdx.x] = buf[0]


@jit.rawkernel()
def wsum(x, out):
    i = jit.grid(1)
    v = x[i]
    off = 16
    while off > 0:
        v += jit.shfl_down_sync(0xffffffff, v, off)
        off //= 2
    if jit.laneid() == 0:
        jit.atomic_add(out, 0, v)
