# Where the operands are not provably non-negative, // and % keep Python's semantics
# through helpers; unsigned operands only need the division-by-zero check.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mixed(a: cp.int32[:], b: cp.int32[:], u: cp.uint32[:], out: cp.int32[:], uo: cp.uint32[:]):
    i = jit.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i] = x // y + x % y
        uo[i] = u[i] // u[0] + u[i] % 7
        k = 10
        k -= 1
        out[i] += k % 3
        m = i % 5
        out[i] += m // 2
