# run: --kernel saxpy --grid 8 --block 128 a=2.0 x=arange:float32:4096 y=ones:float32:4096 out=zeros:float32:4096
"""SAXPY: out = a * x + y in single precision."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def saxpy(a: cp.float32, x: cp.float32[:], y: cp.float32[:], out: cp.float32[:]):
    i = jit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]
