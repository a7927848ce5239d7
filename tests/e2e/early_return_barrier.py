# run: --kernel bsum --grid 4 --block 128 x=@early_return_barrier.x.npy o=zeros:int32:4 n=450
# check: o
# input: x = rng.integers(-1000, 1000, 512).astype(np.int32)
# Threads past n return before the barriers, and the rest of the block sums its slice in
# shared memory: threads that exited do not hold up syncthreads (PTX `exit`).
import cupy as cp
from cupyx import jit

BLOCK = 128


@jit.rawkernel()
def bsum(x, o, n):
    buf = jit.shared_memory(cp.int32, BLOCK)
    t = cp.int32(jit.threadIdx.x)
    i = cp.int32(jit.grid(1))
    if i >= n:
        return
    buf[t] = x[i]
    jit.syncthreads()
    step = BLOCK // 2
    while step > 0:
        if t < step and i + step < n:
            buf[t] += buf[t + step]
        jit.syncthreads()
        step //= 2
    if t == 0:
        o[jit.blockIdx.x] = buf[0]
