# run: --kernel kw --grid 1 --block 64 a=@ext_device_kwargs.a.npy b=@ext_device_kwargs.b.npy out=zeros:float32:64
# check: out
# input: a = rng.standard_normal(64).astype(np.float32)
# input: b = rng.standard_normal(64).astype(np.float32)
# Keyword arguments to a device function bind by name (cupyx drops them: fix; numpy
# reference).
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def lin(x, y, scale):
    return x * scale - y


@jit.rawkernel()
def kw(a, b, out):
    i = jit.threadIdx.x
    out[i] = lin(a[i], scale=cp.float32(2.0), y=b[i])
