# args: --sig 'k(float33[:], int32)' --sig 'nothere(int32)'
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x, n):
    x[0] = n
