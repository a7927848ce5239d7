# run: --kernel rates --grid 2 --block 32 t=@real_math_mix.t.npy k=@real_math_mix.k.npy out=zeros:float64:50x6 n=50:int64
# check: out tol=1e-13
# input: t = rng.random(50) * 3 + 0.01
# input: k = rng.standard_normal(50) * 2
# Modelled on published kinetics and transport code in cupyx.jit: a device function
# using cupy's math ufuncs on float64 values (cp.expm1, cp.log1p, cp.cbrt, cp.hypot,
# cp.copysign, cp.fmod, cp.tanh, cp.arcsinh), a module-level float constant, a value
# passed through two device functions.
import cupy as cp
from cupyx import jit

KB = 8.617333262e-5


@jit.rawkernel(device=True)
def soft(x):
    return cp.log1p(cp.exp(-cp.fabs(x))) + max(x, 0.0)


@jit.rawkernel(device=True)
def rate(t, k):
    a = cp.expm1(-k * t) / (KB * 1e4)
    return a, soft(k) * cp.cbrt(t)


@jit.rawkernel()
def rates(t, k, out, n):
    i = jit.grid(1)
    if i < n:
        a, b = rate(t[i], k[i])
        out[i, 0] = a
        out[i, 1] = b
        out[i, 2] = cp.hypot(a, b)
        out[i, 3] = cp.copysign(t[i], k[i])
        out[i, 4] = cp.fmod(k[i] * 10.0, t[i])
        out[i, 5] = cp.tanh(k[i]) + cp.arcsinh(t[i])
