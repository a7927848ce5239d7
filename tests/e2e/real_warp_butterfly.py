# run: --kernel warp_block_max --grid 2 --block 128 x=@real_warp_butterfly.x.npy out=zeros:float32:2x2 n=250:int64
# check: out
# input: x = rng.standard_normal(250).astype(np.float32)
# Modelled on published cupyx.jit block reductions done warp by warp: jit.laneid() and
# jit.warpsize for the lane and warp ids, a butterfly of shfl_xor_sync steps (offset
# halving in a while loop) for a maximum and a sum, one value per warp in static shared
# memory, the first warp reducing those with shfl_down_sync, -inf as the identity.
# CuPy 14.2 with NumPy 2 rejects it (shfl_xor_sync's delta `off`, an int32 variable, to
# the uint32 parameter: same_kind); pykc takes it (docs/language.md §2.6, extension),
# checked against tools/jit_models.py's model (gen_expected JIT_REFUSED).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def warp_block_max(x, out, n):
    tid = jit.threadIdx.x
    i = jit.blockIdx.x * jit.blockDim.x + tid
    lane = jit.laneid()
    wid = tid // cp.uint32(jit.warpsize)
    m = -cp.inf
    s = cp.float32(0)
    if i < n:
        m = x[i]
        s = x[i]
    off = 16
    while off > 0:
        m = max(m, jit.shfl_xor_sync(0xffffffff, m, off))
        s += jit.shfl_xor_sync(0xffffffff, s, off)
        off //= 2
    wm = jit.shared_memory(cp.float32, 32)
    ws = jit.shared_memory(cp.float32, 32)
    if lane == 0:
        wm[wid] = m
        ws[wid] = s
    jit.syncthreads()
    if wid == 0:
        nw = jit.blockDim.x // cp.uint32(jit.warpsize)
        m = wm[lane] if lane < nw else -cp.inf
        s = ws[lane] if lane < nw else cp.float32(0)
        d = 16
        while d >= 1:
            m = max(m, jit.shfl_down_sync(0xffffffff, m, d))
            s += jit.shfl_down_sync(0xffffffff, s, d)
            d //= 2
        if lane == 0:
            out[jit.blockIdx.x, 0] = m
            out[jit.blockIdx.x, 1] = s
