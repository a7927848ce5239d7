# mode='cuda' literal typing and constant folding with Python semantics.
import cupy as cp
from cupyx import jit

N = 1 << 10
SCALE = 0.5
DT = cp.float64


@jit.rawkernel()
def k(oi: cp.int32[:], ol: cp.int64[:], of: cp.float64[:], n: cp.int32):
    a = 1
    b = 3000000000
    c = 10000000000000000000
    d = 1.5
    e = True
    f = cp.int64(0)
    g = 2 ** 40
    h = 7 // -2
    p = -7 % 3
    q = 1 / 2
    r = N * 2
    s = SCALE * n
    t = DT(n)
    oi[0] = a + n
    of[0] = n / 3
    ol[0] = f + 1
