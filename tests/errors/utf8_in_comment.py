import cupy as cp
from cupyx import jit

# café au lait
@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = 1
