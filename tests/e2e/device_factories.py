# run: --kernel k --grid 1 --block 8 x=arange:int32:8 y=arange:int32:8 out=zeros:int32:8
# check: out
# Device-function factories (issue 7 §5): a host function defines a device function that
# closes over its parameters and returns it; a kernel calls it with constant arguments,
# one specialisation per value, as cupyx does; factories call each other.
import cupy as cp
from cupyx import jit


def scaled(n):
    @jit.rawkernel(device=True)
    def f(x, y):
        return x + y * n
    return f


def shifted(n, by=1):
    @jit.rawkernel(device=True)
    def g(x):
        return x + n * by
    return g


def composed(n):
    inner = shifted(n)

    @jit.rawkernel(device=True)
    def h(x):
        return inner(shifted(n, by=2)(x))
    return h


@jit.rawkernel()
def k(x, y, out):
    i = jit.grid(1)
    out[i] = scaled(10)(x[i], y[i]) + scaled(10)(y[i], x[i]) + scaled(3)(x[i], 1)
    out[i] += composed(5)(x[i])
