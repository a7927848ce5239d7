# args: --debug
# assert is kept with --debug (message as a C string); chained assignment; constant
# conditions drop the dead branch.
import cupy as cp
from cupyx import jit

DEBUG = False


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    assert n > 0, "n must be positive"
    a = b = 0
    if DEBUG:
        print("never", x[0])
    elif n > 2:
        a = 1
    x[0] = a + b
