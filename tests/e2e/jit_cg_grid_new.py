# run: --kernel test_grid --grid 2 --block 32 x=@jit_cg_grid_new.x.npy
# input: x = np.full(16, 2**64 - 1, np.uint64)
# CuPy's test_cooperative_groups.py test_grid_group_cu116_new_APIs: num_threads,
# dim_blocks, block_rank, num_blocks and block_index of this_grid().
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_grid(x: cp.uint64[:]):
    g = jit.cg.this_grid()
    if g.thread_rank() == 1:
        x[1] = g.num_threads()
    if g.thread_rank() == 32:
        g_dim = g.dim_blocks()
        x[2], x[3], x[4] = g_dim.x, g_dim.y, g_dim.z
    if g.thread_rank() == 33:  # on the 2nd block
        x[5] = g.block_rank()
    if g.thread_rank() == 2:
        x[6] = g.num_blocks()
    if g.thread_rank() == 34:  # on the 2nd block
        b_idx = g.block_index()
        x[7], x[8], x[9] = b_idx.x, b_idx.y, b_idx.z
    g.sync()  # this should just work!
