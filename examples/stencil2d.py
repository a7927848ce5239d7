# run: --kernel stencil2d --grid 4,4 --block 16,16 src=arange:float32:64x64 dst=zeros:float32:64x64
"""5-point stencil on a 2-d grid: interior points get the mean of themselves and their
four neighbours, the border is copied."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def stencil2d(src: cp.float32[:, :], dst: cp.float32[:, :]):
    x, y = jit.grid(2)
    rows = src.shape[0]
    cols = src.shape[1]
    if y < rows and x < cols:
        if y == 0 or x == 0 or y == rows - 1 or x == cols - 1:
            dst[y, x] = src[y, x]
        else:
            s = src[y, x] + src[y - 1, x] + src[y + 1, x] + src[y, x - 1] + src[y, x + 1]
            dst[y, x] = s * 0.2
