# run: --kernel binexact --grid 1 --block 64 x=@math_binary_exact.x.npy y=@math_binary_exact.y.npy o=zeros:float32:7x64
# check: o
# input: x = np.concatenate([special_floats(15), (rng.standard_normal(49) * 10).astype(np.float32)])
# input: y = np.concatenate([np.array([1.0, 2.0, np.nan, -3.0, np.inf, 0.5, -0.0, np.nan, 2.0, -1.0, 0.0, 3.0, -7.0, np.nan, -2.5], np.float32), (rng.standard_normal(49) * 3).astype(np.float32)])
# copysign fmod minimum maximum fmin fmax with NaN: minimum/maximum propagate NaN,
# fmin/fmax ignore it.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def binexact(x: cp.float32[:], y: cp.float32[:], o: cp.float32[:, :]):
    i = jit.threadIdx.x
    a = x[i]
    b = y[i]
    o[0, i] = cp.copysign(a, b)
    o[1, i] = cp.fmod(a, b)
    o[2, i] = cp.minimum(a, b)
    o[3, i] = cp.maximum(a, b)
    o[4, i] = cp.fmin(a, b)
    o[5, i] = cp.fmax(a, b)
    o[6, i] = cp.fmod(b, 1.5)
