# run: --kernel lanes --grid 2 --block 96 o=zeros:int32:3x192
# check: o
# laneid(), warpsize and the thread's warp number.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def lanes(o):
    i = jit.grid(1)
    o[0, i] = jit.laneid()
    o[1, i] = jit.warpsize
    o[2, i] = cp.int32(jit.threadIdx.x) // jit.warpsize
