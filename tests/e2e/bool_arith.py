# run: --kernel boolops --grid 1 --block 64 p=@bool_arith.p.npy q=@bool_arith.q.npy o=zeros:bool:5x64 oi=zeros:int32:2x64
# check: o oi
# input: p = rng.integers(0, 2, 64).astype(np.bool_)
# input: q = rng.integers(0, 2, 64).astype(np.bool_)
# bool + bool is bool (logical or), bool with an int is int (~bool: ext_bool_invert.py).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def boolops(p: cp.bool[:], q: cp.bool[:], o: cp.bool[:, :], oi: cp.int32[:, :]):
    i = jit.threadIdx.x
    o[0, i] = p[i] + q[i]
    o[1, i] = p[i] * q[i]
    o[2, i] = p[i] ^ q[i]
    o[3, i] = p[i] & q[i]
    o[4, i] = p[i] | q[i]
    oi[0, i] = p[i] + 1
    oi[1, i] = p[i] * 5 + q[i] * 3
