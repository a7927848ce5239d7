# run: --kernel g2 --grid 3,2 --block 8,16 o=zeros:int32:30x40 info=zeros:uint32:4
# check: o info
# grid(2) / gridsize(2) tuples unpacked; 2-d grid and 2-d block, grid-stride in both axes.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def g2(o, info):
    x, y = jit.grid(2)
    sx, sy = jit.gridsize(2)
    for r in range(y, o.shape[0], sy):
        for c in range(x, o.shape[1], sx):
            o[r, c] = r * 100 + c
    if x == 0 and y == 0:
        info[0] = sx
        info[1] = sy
        info[2] = jit.gridDim.y
        info[3] = jit.blockDim.y
