# run: --kernel powi --grid 1 --block 128 a=@pow_int.a.npy b=@pow_int.b.npy l=@pow_int.l.npy o=zeros:int32:3x128 ol=zeros:int64:2x128
# check: o ol
# input: a = np.concatenate([np.array([2, -2, 1, -1, -1, 0, 0, 3, 2, 7], np.int32), rng.integers(-4, 5, 118).astype(np.int32)])
# input: b = np.concatenate([np.array([-1, -1, -5, -5, -4, -2, 0, 0, 31, 12], np.int32), rng.integers(-3, 14, 118).astype(np.int32)])
# input: l = rng.integers(-3000000, 3000000, 128)
# Integer ** by repeated squaring: a negative exponent gives 0 except for bases 1 and -1;
# overflow wraps.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def powi(a: cp.int32[:], b: cp.int32[:], l: cp.int64[:], o: cp.int32[:, :],
         ol: cp.int64[:, :]):
    i = jit.threadIdx.x
    o[0, i] = a[i] ** b[i]
    o[1, i] = a[i] ** 2
    o[2, i] = 3 ** b[i]
    ol[0, i] = l[i] ** 3
    ol[1, i] = l[i] ** b[i]
