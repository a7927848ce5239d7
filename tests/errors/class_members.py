# A class's kernels, device functions and constants are reached as Cls.name in kernels.
import cupy as cp
from cupyx import jit


class Ops:
    N = 3


@jit.rawkernel()
def k(x: cp.int32[:]):
    x[0] = Ops.M
    x[1] = Ops
