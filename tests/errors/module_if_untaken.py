# args: --kernel slow
# --kernel naming a kernel defined only in an arm not taken
import cupy as cp
from cupyx import jit

FAST = True
if FAST:
    @jit.rawkernel()
    def fast(x: cp.float32[:]):
        x[jit.threadIdx.x] = 1
else:
    @jit.rawkernel()
    def slow(x: cp.float32[:]):
        x[jit.threadIdx.x] = 2
