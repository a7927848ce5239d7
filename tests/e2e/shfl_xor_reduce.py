# run: --kernel butterfly --grid 2 --block 64 x=@shfl_xor_reduce.x.npy l=@shfl_xor_reduce.l.npy o=zeros:int32:128 ol=zeros:int64:128 ox=zeros:int32:128
# check: o ol ox
# input: x = rng.integers(-10000, 10000, 128).astype(np.int32)
# input: l = rng.integers(-2**50, 2**50, 128)
# Butterfly (shfl_xor_sync) reductions: every lane ends with the warp's sum / max.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def butterfly(x: cp.int32[:], l: cp.int64[:], o: cp.int32[:], ol: cp.int64[:],
              ox: cp.int32[:]):
    i = jit.grid(1)
    s = x[i]
    m = l[i]
    off = 16
    while off > 0:
        s += jit.shfl_xor_sync(0xffffffff, s, off)
        m = max(m, jit.shfl_xor_sync(0xffffffff, m, off))
        off //= 2
    o[i] = s
    ol[i] = m
    ox[i] = jit.shfl_xor_sync(0xffffffff, x[i], 1, width=4)
