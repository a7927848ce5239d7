# args: --line-info
# --line-info: #line directives point ptxas and the profilers at the Python lines.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def saxpy(a: cp.float32, x: cp.float32[:], y: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    if i < n:
        y[i] = a * x[i] + y[i]
    else:
        y[0] = 0.0
