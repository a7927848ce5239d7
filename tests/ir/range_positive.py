# Non-negative operands with a divisor that may be zero: C's / and % behind a zero
# check (py_div/py_rem); a divisor known positive (a literal, blockDim) needs none.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def split(q: cp.int64[:], r: cp.int64[:], n: cp.int32):
    t = jit.threadIdx.x
    w = t % 4
    q[t] = t // jit.blockDim.x
    r[t] = 100 % (w + 1) + 100 % w
    total = q.size
    q[t] += total // 3 + total % (t + 1)
