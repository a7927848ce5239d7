# args: -D 1X=3 --define N -D M=abc -D K=300:uint8 -D F=1.5:float99 -D Z=1e999999x
# Bad --define options are usage errors (exit 2), each named
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = 1
