import cupy as cp
from cupyx import jit

@jit.rawkernel()
def k(x: cp.int32[:], u: cp.uint32[:], f: cp.float32[:]):
    i = jit.threadIdx.x
    x[i] = x[i] // 0
    x[i + 1] = x[i] % 0
    u[i] = u[i] // 0
    u[i + 1] = u[i] % 0
    u[i + 2] = i // 0
    f[i] = f[i] // 0
    f[i] = f[i] % 0
    x[i + 2] = x[i] // cp.int32(0)
    f[i + 1] = x[i] / 0
    f[i + 2] = f[i] / -0.0
    f[i + 3] = 1 / f[i]
