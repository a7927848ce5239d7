import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], b: cp.bool_[:]):
    i = jit.threadIdx.x
    v = jit.shfl_sync(0xffffffff, b[i], 1)
    w = jit.shfl_down_sync(0xffffffff, x[i], 1.5)
    p = jit.popc(x[i])
    q = jit.ballot_sync(x[i], True)
    r = jit.clz(i)
