# Warp-level builtins: shuffles, votes, lane id, warp size, bit counting.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def warp(x: cp.float32[:], y: cp.int64[:], out: cp.uint32[:]):
    t = jit.threadIdx.x
    v = x[t]
    off = 16
    while off > 0:
        v += jit.shfl_down_sync(0xFFFFFFFF, v, off)
        off //= 2
    w = jit.shfl_xor_sync(0xFFFFFFFF, y[t], 1)
    z = jit.shfl_sync(0xFFFFFFFF, v, 0)
    up = jit.shfl_up_sync(0xFFFFFFFF, t, 1, 16)
    ballot = jit.ballot_sync(0xFFFFFFFF, v > 0)
    jit.syncwarp()
    if jit.all_sync(0xFFFFFFFF, t < 32) and jit.any_sync(0xFFFFFFFF, w > 0):
        out[t] = ballot + jit.laneid() + jit.warpsize + up + jit.activemask()
    out[t] += jit.popc(ballot) + jit.clz(t) + jit.ffs(y[t]) + jit.brev(t)
    x[t] = z
