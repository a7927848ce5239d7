# run: --kernel g1 --grid 5 --block 64 x=@grid_1d.x.npy o=zeros:float32:1000 info=zeros:uint32:2
# check: o info tol=1e-6
# input: x = rng.standard_normal(1000).astype(np.float32)
# grid(1) and gridsize(1): a grid-stride loop over more elements than threads.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def g1(x: cp.float32[:], o: cp.float32[:], info: cp.uint32[:]):
    start = jit.grid(1)
    stride = jit.gridsize(1)
    for i in range(start, x.size, stride):
        o[i] = x[i] * 3 - 1
    if start == 0:
        info[0] = stride
        info[1] = jit.gridDim.x
