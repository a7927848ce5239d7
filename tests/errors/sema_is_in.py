import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    if n is 3:
        x[0] = 1
    if n in x:
        x[1] = 1
    s = "text"
    "a docstring-like statement is fine"
