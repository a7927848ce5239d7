# run: --kernel test_thread_block --grid 1 --block 32 x=@jit_cg_thread_block.x.npy
# input: x = np.full(16, -1, np.int64)
# CuPy's test_cooperative_groups.py test_thread_block_group: this_thread_block()'s
# thread_rank, size, group_index, thread_index and group_dim (dim3 values), sync().
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_thread_block(x: cp.int64[:]):
    g = jit.cg.this_thread_block()
    if g.thread_rank() == 0:
        x[0] += 101
    if g.thread_rank() == 1:
        x[1] = g.size()
    # test dim3
    if g.thread_rank() == 2:
        g_idx = g.group_index()
        x[2], x[3], x[4] = g_idx.x, g_idx.y, g_idx.z
    if g.thread_rank() == 3:
        t_idx = g.thread_index()
        x[5], x[6], x[7] = t_idx.x, t_idx.y, t_idx.z
    if g.thread_rank() == 4:
        g_dim = g.group_dim()
        x[8], x[9], x[10] = g_dim.x, g_dim.y, g_dim.z
    g.sync()
