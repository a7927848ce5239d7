# run: --kernel idx --grid 2,2,2 --block 4,3,2 o=zeros:uint32:8x24x12
# check: o
# threadIdx / blockIdx / blockDim / gridDim .x .y .z on a 3-d launch.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def idx(o):
    b = jit.blockIdx.x + jit.gridDim.x * (jit.blockIdx.y + jit.gridDim.y * jit.blockIdx.z)
    t = jit.threadIdx.x + jit.blockDim.x * (jit.threadIdx.y + jit.blockDim.y * jit.threadIdx.z)
    o[b, t, 0] = jit.threadIdx.x
    o[b, t, 1] = jit.threadIdx.y
    o[b, t, 2] = jit.threadIdx.z
    o[b, t, 3] = jit.blockIdx.x
    o[b, t, 4] = jit.blockIdx.y
    o[b, t, 5] = jit.blockIdx.z
    o[b, t, 6] = jit.blockDim.x
    o[b, t, 7] = jit.blockDim.y
    o[b, t, 8] = jit.blockDim.z
    o[b, t, 9] = jit.gridDim.x
    o[b, t, 10] = jit.gridDim.y
    o[b, t, 11] = jit.gridDim.z
