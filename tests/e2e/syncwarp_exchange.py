# run: --kernel swx --grid 1 --block 64 x=@syncwarp_exchange.x.npy o=zeros:float32:64
# check: o
# input: x = rng.standard_normal(64).astype(np.float32)
# syncwarp() orders shared-memory traffic inside a warp.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def swx(x, o):
    buf = jit.shared_memory(cp.float32, 64)
    t = jit.threadIdx.x
    buf[t] = x[t]
    jit.syncwarp()
    w = t - jit.laneid()
    v = buf[w + (jit.laneid() + 1) % 32]
    jit.syncwarp()
    buf[t] = v * 2
    jit.syncwarp()
    o[t] = buf[w + 31 - jit.laneid()]
