import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def f(a, b):
    if a > b:
        return a
    return 1.5


@jit.rawkernel(device=True)
def g(a):
    a += 1


@jit.rawkernel()
def k(x: cp.int32[:]):
    x[0] = f(x[1], x[2])
    y = g(x[0])
    return 3
