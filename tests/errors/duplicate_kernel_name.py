import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    x[0] = 1.0

@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    x[0] = 2.0


@jit.rawkernel(device=True)
def k(x):
    return x
