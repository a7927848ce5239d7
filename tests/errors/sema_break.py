import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    if n > 0:
        break
    continue
