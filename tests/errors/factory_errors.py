# Device-function factories are called with constant arguments and return a device function.
import cupy as cp
from cupyx import jit


def scaled(n):
    @jit.rawkernel(device=True)
    def f(x):
        return x * n
    return f


def number(n):
    return n


def forever(n):
    @jit.rawkernel(device=True)
    def f(x):
        return forever(n + 1)(x)
    return f


@jit.rawkernel()
def k(x: cp.int32[:], m: cp.int32):
    x[0] = scaled(m)(x[0])
    x[1] = number(3)(x[1])
    x[2] = scaled(nope=2)(x[2])
    x[3] = forever(0)(x[3])
    x[4] = scaled()(x[4]) + scaled(1, 2)(x[4])
