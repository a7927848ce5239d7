# Recursion (direct and mutual) is reported once, where it happens: callers of a device
# function that had errors report nothing more.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@jit.rawkernel(device=True)
def ping(n):
    return pong(n - 1)


@jit.rawkernel(device=True)
def pong(n):
    return ping(n)


@jit.rawkernel()
def other(x: cp.int32[:]):
    x[0] = 1


@jit.rawkernel()
def k(x: cp.int32[:]):
    x[0] = fact(x[1])
    x[1] = ping(x[2]) + 1
    x[2] = pong(x[3])
    other(x)
