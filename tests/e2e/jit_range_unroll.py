# run: --kernel unrolled --grid 1 --block 32 x=@jit_range_unroll.x.npy o=zeros:int32:4x32
# check: o
# input: x = rng.integers(-100, 100, (32, 16)).astype(np.int32)
# jit.range(..., unroll=True|False|N) iterates like range.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def unrolled(x: cp.int32[:, :], o: cp.int32[:, :]):
    i = jit.threadIdx.x
    s = 0
    for j in jit.range(16, unroll=True):
        s += x[i, j] * (j + 1)
    o[0, i] = s
    s = 0
    for j in jit.range(0, 16, 3, unroll=4):
        s = s * 2 + x[i, j]
    o[1, i] = s
    s = 0
    for j in jit.range(15, -1, -2, unroll=False):
        s -= x[i, j]
    o[2, i] = s
    s = 0
    for j in jit.range(2, 14):
        s ^= x[i, j]
    o[3, i] = s
