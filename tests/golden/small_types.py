# int8/uint8/int16/float16 values are computed as C int/float and narrowed only when
# stored into a variable or element of that type.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def small(q: cp.uint8[:], h: cp.float16[:], s: cp.int16[:], out: cp.int32[:], hf: cp.float32[:]):
    i = jit.threadIdx.x
    out[i] = q[i] + q[i]
    v = q[i] + q[i]
    q[i] = v
    s[i] = s[i] * 3
    g = h[i] * 2
    h[i] = g + h[i]
    hf[i] = g
