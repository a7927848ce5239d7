# args: --kernel twice
# --kernel naming a device function: a usage error that says what it is (exit 2).
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def twice(v):
    return v * 2


@jit.rawkernel()
def k(x: cp.int32[:]):
    i = jit.grid(1)
    if i < x.size:
        x[i] = twice(x[i])
