# run: --kernel mmod --grid 1 --block 64 x=@ext_math_module.x.npy out=zeros:float32:64x5
# check: out tol=2e-6
# input: x = (rng.standard_normal(64) * 4).astype(np.float32)
# math.sqrt / math.floor / math.exp and math.pi (pykc extension), cp.sign (cupyx has
# no jit loop for it); numpy reference.
import math

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mmod(x, out):
    i = jit.threadIdx.x
    out[i, 0] = math.sqrt(abs(x[i]))
    out[i, 1] = math.floor(x[i])
    out[i, 2] = math.pi * x[i]
    out[i, 3] = math.exp(x[i] / 4)
    out[i, 4] = cp.sign(x[i])
