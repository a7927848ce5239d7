# The spellings of the fuse decorator (tests/cli/fuse_run.sh): a decorator bound to a
# name first, `from cupy import fuse as ...`, and cp.fuse(func) calls: of a plain def, read as
# the decorated def (g); of a lambda, host code (h).
import cupy as cp
from cupy import fuse as fz


def f(x):
    return x * 2


g = cp.fuse(f)
h = cp.fuse(lambda x: x + 1)
k = cp.fuse(kernel_name='kk')


@k
def body(x):
    return x - 1


@fz
def twice(x):
    return x + x
