# run: --kernel wrap64 --grid 1 --block 64 a=@int_wrap_int64.a.npy b=@int_wrap_int64.b.npy u=@int_wrap_int64.u.npy o=zeros:int64:3x64 ou=zeros:uint64:2x64
# check: o ou
# input: a = int_edges(64, 'int64')
# input: b = int_edges(64, 'int64')[::-1].copy()
# input: u = int_edges(64, 'uint64')
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wrap64(a: cp.int64[:], b: cp.int64[:], u: cp.uint64[:], o: cp.int64[:, :],
           ou: cp.uint64[:, :]):
    i = jit.threadIdx.x
    o[0, i] = a[i] + b[i]
    o[1, i] = a[i] * 3
    o[2, i] = a[i] - b[i]
    ou[0, i] = u[i] * u[i]
    ou[1, i] = u[i] - 1
