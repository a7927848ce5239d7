# run: --kernel unary --grid 2 --block 64 x=@math_unary_f32.x.npy o=zeros:float32:11x128
# check: o tol=2e-6
# input: x = np.concatenate([special_floats(16), (rng.standard_normal(112) * 3).astype(np.float32)])
# Transcendental functions on float32 (the f->f loops); NaN/inf/0 inputs included.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def unary(x: cp.float32[:], o: cp.float32[:, :]):
    i = jit.grid(1)
    if i < x.size:
        v = x[i]
        o[0, i] = cp.sqrt(v)
        o[1, i] = cp.exp(v)
        o[2, i] = cp.exp2(v)
        o[3, i] = cp.expm1(v)
        o[4, i] = cp.log(v)
        o[5, i] = cp.log2(v)
        o[6, i] = cp.log10(v)
        o[7, i] = cp.log1p(v)
        o[8, i] = cp.sin(v)
        o[9, i] = cp.cos(v)
        o[10, i] = cp.tan(v)
