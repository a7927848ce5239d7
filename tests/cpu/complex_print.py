from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def fill(s: cp.complex128, o: cp.complex128[:], p: cp.complex64[:]):
    o[0] = s
    o[1] = complex(cp.inf, cp.nan)
    o[2] = -1.5e-5 - 4j
    o[3] = 0j
    p[0] = s
    p[1] = cp.complex64(1e20)
    print("s =", s)
