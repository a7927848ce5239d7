# run: --kernel rev --grid 4 --block 64 x=@shared_static.x.npy o=zeros:float32:256
# check: o
# input: x = rng.standard_normal(256).astype(np.float32)
# Static shared memory: reverse each block's slice.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def rev(x, o):
    buf = jit.shared_memory(cp.float32, 64)
    t = jit.threadIdx.x
    base = jit.blockIdx.x * jit.blockDim.x
    buf[t] = x[base + t]
    jit.syncthreads()
    o[base + t] = buf[63 - t]
