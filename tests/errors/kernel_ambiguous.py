# args: --kernel k
# Two kernels named k (in a class and in a function): --kernel must say which.
import cupy as cp
from cupyx import jit


class A:
    @jit.rawkernel()
    def k(x: cp.float32[:]):
        x[0] = 1.0


def make():
    @jit.rawkernel()
    def k(x: cp.float32[:]):
        x[0] = 2.0
    return k
