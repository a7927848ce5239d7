# A misspelt kernel decorator, fuse or form class (rawkernel_keyword.py: a keyword): an error with the
# word meant (Python would fail on each; as written pykc would find no kernel, silently).
import cupy as cp
from cupyx import jit
from cupyx.jit import rawkernel


@jit.rawkernal()
def k1(x):
    x[0] = 1


@rawkernl()
def k2(x):
    x[0] = 1


@cp.fuze()
def f1(x):
    return x + 1


ek = cp.ElementwiseKernal('T x', 'T y', 'y = x', 'ek')


def host():
    rk = cp.ReductionKernl('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rk')
    return rk


class MyElementwiseKernel:          # not a misspelling: a user's class
    pass


mine = MyElementwiseKernel()
use = cp.full((3,), 1.0)            # cupy names near 'fuse' are not decorators
