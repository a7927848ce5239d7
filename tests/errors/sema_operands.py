import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], y: cp.int32[:]):
    y[0] = x[0] << 2
    y[1] = ~x[1]
    y[2] = x + 1
    y[3] = x[0] & y[0]
    y[4] = 1 // 0
    y[6] = x[0] if x else 1
