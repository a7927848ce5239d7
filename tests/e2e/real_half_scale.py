# run: --kernel half_axpy --grid 2 --block 32 x=@real_half_scale.x.npy y=@real_half_scale.y.npy out=zeros:float16:60 n=60:int64
# check: out
# input: x = (rng.standard_normal(60) * 4).astype(np.float16)
# input: y = (rng.standard_normal(60) * 4).astype(np.float16)
# Modelled on published mixed-precision cupyx.jit code: float16 arrays, a float16
# constant made with cp.float16(...), arithmetic kept in half, a float32 accumulation
# cast back with cp.float16().
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def half_axpy(x, y, out, n):
    i = jit.grid(1)
    if i < n:
        a = cp.float16(0.5)
        h = a * x[i] + y[i]
        f = cp.float32(h) * cp.float32(3.0)
        out[i] = cp.float16(f) - x[i]
