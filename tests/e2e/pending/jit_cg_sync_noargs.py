# run: --kernel test_sync --grid 2 --block 64
# CuPy's test_cooperative_groups.py test_cg_sync as it is: cg.sync of the thread block and
# of the grid, in a kernel of no arguments (a cooperative launch; nothing to compare: the
# launch must succeed).
from __future__ import annotations

from cupyx import jit


@jit.rawkernel()
def test_sync():
    b = jit.cg.this_thread_block()
    g = jit.cg.this_grid()
    jit.cg.sync(b)
    jit.cg.sync(g)
