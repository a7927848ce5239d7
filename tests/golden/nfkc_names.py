# Identifiers equal under NFKC are one name, as in CPython (PEP 3131; issue 11 item 16):
# the ligature ﬁ is fi, fullwidth ｎ is n, é composed or not is one letter.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], ｎ: cp.int32):
    ﬁ = n
    café = 2
    x[0] = fi + café
