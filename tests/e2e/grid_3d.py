# run: --kernel g3 --grid 2,3,2 --block 4,2,4 o=zeros:int32:8x6x8 info=zeros:uint32:3
# check: o info
# grid(3) / gridsize(3) on a 3-d grid of 3-d blocks.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def g3(o: cp.int32[:, :, :], info: cp.uint32[:]):
    x, y, z = jit.grid(3)
    sx, sy, sz = jit.gridsize(3)
    o[x, y, z] = x * 10000 + y * 100 + z
    if x + y + z == 0:
        info[0] = sx
        info[1] = sy
        info[2] = sz
