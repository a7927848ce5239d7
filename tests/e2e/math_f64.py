# run: --kernel mf64 --grid 1 --block 64 x=@math_f64.x.npy y=@math_f64.y.npy o=zeros:float64:12x64
# check: o tol=1e-13
# input: x = np.concatenate([special_floats(12, 'float64'), rng.standard_normal(52) * 4])
# input: y = np.concatenate([np.array([1.0, -1.0, 0.0, 2.0], np.float64), rng.standard_normal(60) * 2])
# The d->d loops on float64.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mf64(x: cp.float64[:], y: cp.float64[:], o: cp.float64[:, :]):
    i = jit.threadIdx.x
    v = x[i]
    o[0, i] = cp.sqrt(v)
    o[1, i] = cp.exp(v)
    o[2, i] = cp.log(v)
    o[3, i] = cp.sin(v)
    o[4, i] = cp.cos(v)
    o[5, i] = cp.tanh(v)
    o[6, i] = cp.arctan2(v, y[i])
    o[7, i] = cp.hypot(y[i], cp.sqrt(cp.absolute(v)))
    o[8, i] = cp.power(cp.absolute(v), y[i])
    o[9, i] = cp.cbrt(v)
    o[10, i] = cp.log1p(v)
    o[11, i] = cp.expm1(v)
