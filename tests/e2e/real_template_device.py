# run: --kernel clamp_both --grid 1 --block 32 xi=@real_template_device.xi.npy xf=@real_template_device.xf.npy oi=zeros:int32:32 of=zeros:float32:32
# check: oi of
# input: xi = rng.integers(-20, 20, 32).astype(np.int32)
# input: xf = (rng.standard_normal(32) * 10).astype(np.float32)
# Modelled on published cupyx.jit code whose helper is called with values of different
# types (cupyx compiles one device function per argument-type signature, a C++ template
# in effect): one device function called with int32 and float32 arguments, Python int
# literals as bounds, a nested device-function call.
from cupyx import jit


@jit.rawkernel(device=True)
def lower_bound(v, lo):
    if v < lo:
        return lo
    return v


@jit.rawkernel(device=True)
def clamp(v, lo, hi):
    w = lower_bound(v, lo)
    if w > hi:
        w = hi
    return w


@jit.rawkernel()
def clamp_both(xi, xf, oi, of):
    i = jit.threadIdx.x
    oi[i] = clamp(xi[i], -5, 7)
    of[i] = clamp(xf[i], xf[0], xf[1])
