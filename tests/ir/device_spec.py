# Device functions are specialised per argument types; return types are inferred.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def add(a, b):
    return a + b


@jit.rawkernel(device=True)
def divmod2(a, b):
    return a // b, a % b


@jit.rawkernel()
def k(x: cp.float32[:], y: cp.int32[:], new: cp.int32):
    x[0] = add(x[1], x[2])
    y[0] = add(y[1], new)
    y[1] = add(b=y[2], a=1)
    q, r = divmod2(y[3], 4)
    y[4] = q + r
    class_ = 1
    print("y =", y[0], x[0], "100%")
