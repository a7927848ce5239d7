import cupy as cp
from cupyx import jit
from cupyx.jit import threadIdx


@jit.rawkernel()
def k(x: cp.float32[:]):
    i = threadIdy.x
    j = jit.blockIdy.x
    x[0] = cp.sqr(x[1])
    x[1] = totl
    x[2] = threadIdx.w
