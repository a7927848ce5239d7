# run: --kernel spec --grid 1 --block 64 a=@device_fn_specialise.a.npy f=@device_fn_specialise.f.npy oi=zeros:int32:64 of=zeros:float32:64 od=zeros:float64:64
# check: oi of od tol=1e-6
# input: a = rng.integers(-1000, 1000, 64).astype(np.int32)
# input: f = rng.standard_normal(64).astype(np.float32)
# One device function specialised on int32, float32 and float64 arguments; device
# functions calling device functions.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def clamp(v, lo, hi):
    r = v
    if r < lo:
        r = lo
    if r > hi:
        r = hi
    return r


@jit.rawkernel(device=True)
def poly(x):
    return clamp(x * x - x, x - x, x * 4)


@jit.rawkernel()
def spec(a, f, oi, of, od):
    i = jit.threadIdx.x
    oi[i] = clamp(a[i], -100, 250)
    of[i] = clamp(f[i], -0.5, 0.75)
    od[i] = poly(cp.float64(f[i]))
    oi[i] += poly(a[i] // 10)
