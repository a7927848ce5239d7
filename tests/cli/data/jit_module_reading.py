import cupy as cp
from cupyx import jit


def make_kernel(block, dtype, scale=2):
    @jit.rawkernel()
    def kern(x, y):
        buf = jit.shared_memory(dtype, block)
        t = jit.threadIdx.x
        buf[t] = x[t] * scale
        jit.syncthreads()
        y[t] = buf[block - 1 - t]
    return kern


_CACHE = {}


def cached_kernels(n=4):
    @jit.rawkernel()
    def fill(y):
        y[jit.threadIdx.x] = n
    _CACHE[n] = fill
    return _CACHE[n]


k = make_kernel(8, cp.float64)
k3 = make_kernel(4, cp.float32, scale=3)
kf = make_kernel(4, cp.float32, scale=read_config())
kc = cached_kernels(7)


@jit.rawkernel()
def draft(x):
    x[-1, :] = [0, 1]
