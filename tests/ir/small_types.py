# int8..uint16 and float16 values: typed as themselves, computed as C int/float.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(q: cp.uint8[:], h: cp.float16[:], out: cp.int32[:]):
    i = jit.threadIdx.x
    out[i] = q[i] + q[i]
    v = q[i] + q[i]
    q[i] = v
    g = h[i] * 2
    h[i] = g + h[i]
    v += 1
