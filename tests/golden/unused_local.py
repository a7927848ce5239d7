# A local assigned but never read is Python; the CUDA must not make NVRTC or nvcc warn (issue 7 §7)
import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.float32[:]):
    i = jit.threadIdx.x
    y = x[i] * 2
    z = 3
    w: cp.float32 = 0
    x[i] = 1
