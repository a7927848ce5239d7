# run: --kernel test_copy --grid 2 --block 64 x=arange:int32:64 y=zeros:int32:64
# CuPy's test_cooperative_groups.py test_cg_memcpy_async_wait_for_wait (unaligned): two
# batches of memcpy_async from global to shared memory, wait_prior(g, 1) then wait(g).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_copy(x: cp.int32[:], y: cp.int32[:]):
    # do two batches of copies to test relevant APIs
    smem = jit.shared_memory(cp.int32, 32 * 2)
    g = jit.cg.this_thread_block()
    tid = g.thread_rank()
    # int32 is 4 bytes (no alignment promised)
    jit.cg.memcpy_async(g, smem, 0, x, 0, 4 * 32)
    jit.cg.memcpy_async(g, smem, 32, x, 32, 4 * 32)
    jit.cg.wait_prior(g, 1)
    if tid < 32:
        y[tid] = smem[tid]
    jit.cg.wait(g)
    if 32 <= tid and tid < 64:  # can't do "32 <= tid < 64" yet...
        y[tid] = smem[tid]
