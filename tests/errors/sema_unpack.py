import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:, :], y: cp.int32[:]):
    a, b, c = x.shape
    d, e = jit.grid(3)
    f, g = 1
    h, i = jit.grid(2)
    y[0] = h + i
