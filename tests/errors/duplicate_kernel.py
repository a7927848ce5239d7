# Two functions with one qualified name would be one C symbol: an error, not an NVRTC
# failure (issue 11 item 14). Same plain name in different scopes is fine (A.k, k).
import cupy as cp
from cupyx import jit

FAST = True


@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = 1.0


class A:
    @jit.rawkernel()
    def k(x: cp.float32[:]):
        x[0] = 2.0


if FAST:
    @jit.rawkernel()
    def k(x: cp.float32[:]):
        x[0] = 3.0
