# run: --kernel test_grid --grid 2 --block 32 x=@jit_cg_grid.x.npy
# input: x = np.full(16, 2**64 - 1, np.uint64)
# CuPy's test_cooperative_groups.py test_grid_group: this_grid()'s is_valid (a cooperative
# launch, since the kernel syncs its grid), size and group_dim, then the grid's sync().
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def test_grid(x: cp.uint64[:]):
    g = jit.cg.this_grid()
    if g.thread_rank() == 0:
        x[0] = g.is_valid()
    if g.thread_rank() == 1:
        x[1] = g.size()
    if g.thread_rank() == 32:  # on the 2nd group
        g_dim = g.group_dim()
        x[2], x[3], x[4] = g_dim.x, g_dim.y, g_dim.z
    g.sync()  # this should just work!
