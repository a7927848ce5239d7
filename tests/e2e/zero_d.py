# run: --kernel zerod --grid 1 --block 32 x=@zero_d.x.npy n=@zero_d.n.npy o=zeros:float32:4
# check: x n o
# input: x = np.array(2.5, dtype=np.float32)
# input: n = np.array(41, dtype=np.int64)
# 0-d arrays: x[()] reads and writes the one element.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def zerod(x: cp.float32[()], n: cp.int64[()], o: cp.float32[:]):
    i = jit.threadIdx.x
    if i < 4:
        o[i] = x[()] * i
    jit.syncthreads()
    if i == 0:
        x[()] = x[()] + 1.0
        n[()] += 1
