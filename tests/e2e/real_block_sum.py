# run: --kernel reduction --grid 1 --block 128 x=@real_block_sum.x.npy y=zeros:float32:1 size=5000:uint32
# check: y tol=1e-5
# input: x = rng.standard_normal(5000).astype(np.float32)
# A real program (a sum in one block): cupy.float32(0) accumulators, a uint32 size,
# `tid == cupy.uint32(0)`.
import cupy
from cupyx import jit


@jit.rawkernel()
def reduction(x, y, size):
    tid = jit.threadIdx.x
    ntid = jit.blockDim.x

    value = cupy.float32(0)
    for i in range(tid, size, ntid):
        value += x[i]

    smem = jit.shared_memory(cupy.float32, 1024)
    smem[tid] = value

    jit.syncthreads()

    if tid == cupy.uint32(0):
        value = cupy.float32(0)
        for i in range(ntid):
            value += smem[i]
        y[0] = value
