# args: --sig 'scale(f4[::1], f8, i4, ?)' --sig 'scale(f2[:], f2, u8, b1)' --sig 'scale(i8[:], i8, i1, ?)'
# --sig takes NumPy's short dtype codes (issue 7 §7)
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def scale(x, a, n, flag):
    i = jit.grid(1)
    if i < n and flag:
        x[i] = x[i] * a
