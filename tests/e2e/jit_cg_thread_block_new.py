# run: --kernel test_thread_block --grid 1 --block 32 x=@jit_cg_thread_block_new.x.npy
# input: x = np.full(16, -1, np.int64)
# CuPy's test_cooperative_groups.py test_thread_block_group_cu116_new_APIs:
# num_threads() and dim_threads().
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_thread_block(x: cp.int64[:]):
    g = jit.cg.this_thread_block()
    if g.thread_rank() == 0:
        x[0] = g.num_threads()
    if g.thread_rank() == 1:
        d_th = g.dim_threads()
        x[1], x[2], x[3] = d_th.x, d_th.y, d_th.z
    g.sync()
