# run: --kernel k --grid 1 --block 1 a=5:uint8 b=7:uint8 xi=-2147483648:int32 out=zeros:int64:9
# check: out
# Review of the value-range facts (src/lower/range.c) for values that are not what their type
# suggests: a uint8 expression is computed as a C int (docs/language.md §2), so `a - b`,
# `-a`, `~a` and min/select of them may be negative until stored; abs() of int32's
# minimum is that minimum (numpy and C agree). Each // and % must floor.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(a, b, xi, out):
    out[0] = (a - b) // b
    out[1] = (a - b) % b
    out[2] = (-a) // 3
    out[3] = (~a) % 4
    out[4] = (a - b if a < b else a) // 3
    out[5] = min(a - b, a) // 3
    out[6] = abs(xi) % 10
    out[7] = cp.int32(a - b) // 3
    s = a - b
    out[8] = s // 4
