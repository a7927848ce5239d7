import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:, :], t: cp.int32):
    row = x[0]
    row[1] = 2.0
    x[1] = row
    x[1] += 1
    s = x.shape
    s[0] = 3
    x.size = 3
    q = x.bogus
