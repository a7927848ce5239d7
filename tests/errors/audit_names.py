# Unknown names: "did you mean" only for close names (never a whole-name change, except
# case), and host functions and classes are named as such.
import cupy as cp
from cupyx import jit


def helper(a):
    return a + 1


class Config:
    pass


@jit.rawkernel()
def k(x: cp.int32[:], n: cp.int32):
    count = 0
    x[0] = R
    x[1] = N
    x[2] = cuont
    x[3] = helper(n)
    x[4] = Config()
    x[5] = jit.threadIdy.x
    x[6] = cp.sqr(2.0)
    x[7] = lenn(x)
