# run: --kernel two --grid 2 --block 32 x=@shared_two.x.npy y=@shared_two.y.npy o=zeros:float64:64 oi=zeros:int32:64
# check: o oi
# input: x = rng.standard_normal(64)
# input: y = rng.integers(0, 100, 64).astype(np.int16)
# Two static shared arrays of different dtypes in one kernel.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def two(x, y, o, oi):
    a = jit.shared_memory(cp.float64, 32)
    b = jit.shared_memory(cp.int16, 32)
    t = jit.threadIdx.x
    i = jit.grid(1)
    a[t] = x[i]
    b[t] = y[i]
    jit.syncthreads()
    o[i] = a[(t + 1) % 32] - a[t]
    oi[i] = b[31 - t] * 2 + b[t]
