# run: --kernel jit_cub_bool --grid 8 --block 64 x=@jit_cub_bool.x.npy ws=zeros:bool:16 wmax=zeros:bool:16 wmin=zeros:bool:16 bs=zeros:bool:8
# check: ws wmax wmin bs
# input: x = rng.random((8, 64)) < np.repeat([0.03, 0.97], 4)[:, None]
# cupyx.jit's cub classes take any dtype, bool too (test_cub.py leaves it out): a warp's
# and a block's Sum of bools (CUB's plus gives an int, stored as a bool: any), Max (any)
# and Min (all) of each warp.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_cub_bool(x: cp.bool_[:, :], ws: cp.bool_[:], wmax: cp.bool_[:],
                 wmin: cp.bool_[:], bs: cp.bool_[:]):
    i, j = jit.blockIdx.x, jit.threadIdx.x
    W = jit.cub.WarpReduce[cp.bool_]
    wt = jit.shared_memory(dtype=W.TempStorage, size=2)
    w = j // 32
    v = x[i, j]
    s = W(wt[0]).Sum(v)
    jit.syncthreads()
    hi = W(wt[0]).Reduce(v, jit.cub.Max())
    jit.syncthreads()
    lo = W(wt[0]).Reduce(v, jit.cub.Min())
    if j % 32 == 0:
        ws[i * 2 + w] = s
        wmax[i * 2 + w] = hi
        wmin[i * 2 + w] = lo
    B = jit.cub.BlockReduce[cp.bool_, 64]
    bt = jit.shared_memory(dtype=B.TempStorage, size=1)
    b = B(bt[0]).Sum(v)
    if j == 0:
        bs[i] = b
