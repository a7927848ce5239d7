# A builtin used without its module, or misspelt: the suggestion names the module alias.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int32[:], n: cp.int32):
    i = threadIdx.x + blockIdx.x * jit.blockDim.x
    if i < n:
        x[i] = threadIdy.x
    syncthread()
