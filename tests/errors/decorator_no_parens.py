# `@jit.rawkernel` and `@rawkernel` without their parentheses: cupyx.jit (and the Python
# package) raise TypeError at the decorator; pykc check warns and compiles the kernel.
# A decorator object bound to a name (`kern = rawkernel()`) is used bare, as it should be.
import cupy as cp
from cupyx import jit
from cupyx.jit import rawkernel

kern = rawkernel()


@jit.rawkernel
def a(x: cp.int32[:]):
    x[0] = 1


@rawkernel
def b(x: cp.int32[:]):
    x[0] = 1


@kern
def c(x: cp.int32[:]):
    x[0] = 1
