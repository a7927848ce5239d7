# A loop counter keeps its type: cupyx.jit refuses a second loop over a range of another
# type ("Data type mismatch of variable: `k`: int != unsigned int", CuPy 14.2 on the H100:
# range(64) counts in int, range(jit.gridDim.x) in unsigned int). The kernel is the first
# form of tests/e2e/pending/jit_cg_sync.py, then a third loop over an int64 range.
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
    jit.cg.sync(g)
    if t == 0:
        total = cp.float32(0)
        for k in range(jit.gridDim.x):
            total += x[k * 64]
        out[jit.blockIdx.x] = total
        part[jit.blockIdx.x] = smem[0]
    n = cp.int64(4)
    for k in range(n):
        total += x[k]
