# float() of a string is folded as Python does it; a string Python's float() rejects
# (hex, stray underscores, words) is an error at the string.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = float('0x10')
    x[1] = float('1__0')
    x[2] = cp.float32('infinite')
    x[3] = float('')
