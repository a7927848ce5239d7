# run: --kernel clipped_relu --grid 4 --block 256 x=arange:float32:1000 out=zeros:float32:1000 ceiling=600.0
"""Clipped ReLU: out = min(max(x - 200, 0), ceiling)."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def clipped_relu(x: cp.float32[:], out: cp.float32[:], ceiling: cp.float32):
    i = jit.grid(1)
    if i < x.size:
        v = x[i] - 200.0
        out[i] = min(max(v, 0.0), ceiling)
