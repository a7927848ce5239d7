import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.float32[:]):
    y = (1 +
    x[0] = 2
    z = 3
