# A module constant re-bound follows Python: the last binding before the kernel counts
# (issue 11 item 3; `N = None` used to crash, `N = 'abc'` kept 4 silently).
import cupy as cp
from cupyx import jit

N = 1024
N = None
M = 4
M = 'abc'
K = 1
K = 2


@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = N
    x[1] = M
    x[2] = K


K = 'host'


def outer(n, m=2):
    @jit.rawkernel()
    def inner(x: cp.float32[:]):
        x[0] = m
        x[1] = n
    return inner


if M:
    L = 3


@jit.rawkernel()
def k2(x: cp.float32[:]):
    x[0] = L                        # assigned under a host if: no constant
