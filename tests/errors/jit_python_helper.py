# args: --sig 'values(float32[:], float32[:])' --sig 'loops(float32[:])' --sig 'keywords(float32[:])' --sig 'decorated(float32[:])'
# A cupyx.jit kernel calling a plain Python function of the program: cupyx.jit calls it in
# Python when it compiles if every argument is a constant (its value is a constant of the
# kernel), and raises TypeError "Invalid function call" otherwise (_compile.py); pykc
# runs such a body of constant assignments, ifs and a return, and says what else it
# cannot run, where the helper is.
import functools

import cupy as cp
from cupyx import jit


def helper(v):
    return v * 2


def total(n):
    s = 0
    for k in range(n):
        s += k
    return s


def scale(a, b=2):
    return a * b


@functools.cache
def cached(n):
    return n + 1


@jit.rawkernel()
def values(x, y):
    i = jit.grid(1)
    y[i] = helper(x[i])


@jit.rawkernel()
def loops(x):
    i = jit.grid(1)
    x[i] = total(4)


@jit.rawkernel()
def keywords(x):
    i = jit.grid(1)
    x[i] = scale(2, c=3)


@jit.rawkernel()
def decorated(x):
    i = jit.grid(1)
    x[i] = cached(2)
