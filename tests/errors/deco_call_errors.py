# Decorators called on a def (language.md §1.1): cupyx.jit's rawkernel takes keyword
# arguments only (`jit.rawkernel(f)` is CuPy's TypeError); a def decorated already and
# decorated again by a call; a rawkernel made by a call is checked as a decorated one
# (pykc check reads every kernel): a slice in its body.
import cupy as cp
from cupyx import jit


def _k(x, y):
    i = jit.grid(1)
    y[i] = x[i] * 2


k1 = jit.rawkernel(_k)


@jit.rawkernel()
def done(x, y):
    y[0] = x[0]


k2 = cp.fuse(done)


def _s(x, y):
    i = jit.grid(1)
    y[i] = x[i:2]


k3 = jit.rawkernel()(_s)
k4 = jit.rawkernel(device=True)(_k)
