# run: --kernel squared_difference --grid 4 --block 256 a=arange:float64:1000 b=ones:float64:1000 out=zeros:float64:1000
"""Squared difference: out = (a - b) ** 2, with a local temporary."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def squared_difference(a: cp.float64[:], b: cp.float64[:], out: cp.float64[:]):
    i = jit.grid(1)
    if i < out.size:
        d = a[i] - b[i]
        out[i] = d * d
