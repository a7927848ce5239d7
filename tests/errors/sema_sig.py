# args: --sig 'k(float32[:], int32)'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    m = n
    m = x[0]
