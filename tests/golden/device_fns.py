# Device functions: called before use, tuples returned and unpacked, arrays passed as
# views, keyword arguments.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def divmod_(a, b):
    return a // b, a % b


@jit.rawkernel(device=True)
def axpy(alpha, x, i):
    return alpha * x[i]


@jit.rawkernel()
def caller(x: cp.float32[:], out: cp.int32[:], n: cp.int32):
    i = jit.grid(1)
    if i < n:
        q, r = divmod_(out[i], 7)
        out[i] = q + r
        x[i] = axpy(2.0, x, i=i)
