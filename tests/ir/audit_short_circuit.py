# A chained comparison whose middle operand is not a variable or a constant keeps it in a
# temporary; then the chain, and an enclosing `and`/`or`/`x if c else y`, become
# statements so that Python's order and short-circuiting hold: x[i] is not read when
# i >= n. A chain of variables and constants stays an expression.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.int32[:], n: cp.int32, out: cp.bool_[:]):
    i = jit.threadIdx.x
    out[0] = i < n and 0 < x[i] < 10
    out[1] = i >= n or x[i] <= 0 < x[i + 1]
    out[2] = (0 < x[i] + 1 <= 5) if i < n else False
    out[3] = 0 <= i < n
