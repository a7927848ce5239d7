# Undecided alternatives: a device function defined in both arms cannot be called, a
# kernel defined in both is left out with a warning; neither is "already defined"; a
# constant bound under the undecided if is no constant
import cupy as cp
from cupyx import jit
from config import FLAG

if FLAG:
    N = 1

    @jit.rawkernel(device=True)
    def dev(a):
        return a + 1

    @jit.rawkernel()
    def twice(x: cp.float32[:]):
        x[0] = 1
else:
    N = 2

    @jit.rawkernel(device=True)
    def dev(a):
        return a - 1

    @jit.rawkernel()
    def twice(x: cp.float32[:]):
        x[0] = 2


@jit.rawkernel()
def user(x: cp.float32[:]):
    x[jit.threadIdx.x] = dev(x[0]) + N
