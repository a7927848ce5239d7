import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], out: cp.int32[:], u: cp.uint32[:]):
    count = 0
    count = x[0]
    out[0] = x[1]
    i = jit.threadIdx.x
    u[i] = count
    b = True
    b = 1
    count = 3000000000
    count += 1.5
