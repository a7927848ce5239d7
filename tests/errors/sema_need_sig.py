import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    x[0] = n


@jit.rawkernel()
def typed(x: cp.float32[:], n: cp.int32):
    x[0] = n


@jit.rawkernel()
def partial(x: cp.float32[:], n):
    x[0] = n
