# run: --kernel grid_stride_copy --grid 8 --block 128 src=arange:int64:100000 dst=zeros:int64:100000
"""Copy with a grid-stride loop: any grid size covers the whole array."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def grid_stride_copy(src: cp.int64[:], dst: cp.int64[:]):
    start = jit.grid(1)
    stride = jit.gridsize(1)
    for i in range(start, src.size, stride):
        dst[i] = src[i]
