import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:]):
    jit.syncthreads(1)
    x[0] = cp.sqrt(x[0], x[1])
    x[1] = cp.arctan2(x[0])
    x[2] = min(x[0])
    x[3] = cp.sqrt(x)
    x[4] = jit.grid(4)
    jit.syncwarp(mask=0xff, width=2)
