import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], y: cp.float32[:, :], z: cp.float32[()]):
    x[0.5] = 1
    x[0, 1] = 2
    y[0] = 3
    z[0] = 4
    x[True] = 5
    y[1, 2] = z[()]
    n = 3
    n[0] = 1
