import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def f(a, b):
    return a + b


@jit.rawkernel()
def k(x: cp.int32[:]):
    x[0] = f(1)
    x[1] = f(1, 2, 3)
    x[2] = f(1, c=2)
    x[3] = f(1, a=2)
    x[4] = f(b=1, a=2)
