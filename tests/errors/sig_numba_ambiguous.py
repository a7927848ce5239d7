# args: --sig 'void(float32[:])'
# numba's void(...) form with several kernels needs a name
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def a(x):
    x[0] = 1


@jit.rawkernel()
def b(x):
    x[0] = 2
