import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@jit.rawkernel()
def other(x: cp.float32[:]):
    x[0] = 1


@jit.rawkernel()
def k(x: cp.int32[:]):
    x[0] = fact(x[1])
    other(x)
