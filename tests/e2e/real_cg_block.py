# run: --kernel block_info --grid 2,2 --block 4,3 out=zeros:int32:4x12x6 acc=zeros:int32:4
# check: out acc
# Modelled on published cupyx.jit code using cooperative groups: this_thread_block(), its
# thread_rank(), group_index()/thread_index() and their .x/.y fields, group_dim(), size(),
# the group's sync() between a shared-memory write and reads, atomic_add of a block total.
import numpy as np
from cupyx import jit


@jit.rawkernel()
def block_info(out, acc):
    g = jit.cg.this_thread_block()
    r = g.thread_rank()
    b = g.group_index()
    t = g.thread_index()
    d = g.group_dim()
    bid = b.y * jit.gridDim.x + b.x
    sm = jit.shared_memory(np.int32, 12)
    sm[r] = t.x * 10 + t.y
    g.sync()
    out[bid, r, 0] = r
    out[bid, r, 1] = sm[g.size() - 1 - r]
    out[bid, r, 2] = d.x * d.y * d.z
    out[bid, r, 3] = b.x
    out[bid, r, 4] = b.y
    out[bid, r, 5] = g.size()
    jit.atomic_add(acc, bid, sm[r])
