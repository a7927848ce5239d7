# run: --kernel test_sync --grid 4 --block 64 x=@jit_cg_sync.x.npy out=zeros:float32:4 part=zeros:float32:4
# input: x = rng.random(256).astype(np.float32)
# CuPy's test_cooperative_groups.py test_cg_sync (cg.sync of a thread block and of the
# grid), with results: each block sums its part through shared memory, the grid syncs, and
# every block then reads the sum of all the blocks' partials. (The second loop's
# counter has a name of its own: cupyx.jit refuses a counter of another type,
# tests/errors/cg_loop_type.py. The grid syncs through g.sync(): cupyx.jit launches
# cooperatively only for the method, and CuPy's launch of jit.cg.sync(g) fails on the GPU;
# jit_cg_sync_noargs keeps that spelling, which pykc launches cooperatively.)
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_sync(x: cp.float32[:], out: cp.float32[:], part: cp.float32[:]):
    b = jit.cg.this_thread_block()
    g = jit.cg.this_grid()
    smem = jit.shared_memory(cp.float32, 64)
    t = jit.threadIdx.x
    smem[t] = x[jit.blockIdx.x * 64 + t]
    jit.cg.sync(b)
    if t == 0:
        s = cp.float32(0)
        for k in range(64):
            s += smem[k]
        smem[0] = s
        x[jit.blockIdx.x * 64] = s
    g.sync()
    if t == 0:
        total = cp.float32(0)
        for m in range(jit.gridDim.x):
            total += x[m * 64]
        out[jit.blockIdx.x] = total
        part[jit.blockIdx.x] = smem[0]
