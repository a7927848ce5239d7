# cupyx.jit features that docs/language.md §6 leaves for later get "not supported yet", not
# "unknown name": warp match functions, ufuncs outside pykc's math set.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def later(x: cp.float32[:, :], y: cp.float32[:]):
    m = jit.match_any_sync(0xffffffff, y[1])
    y[2] = cp.ldexp(y[3], 2) + cp.logaddexp(y[4], y[5])
