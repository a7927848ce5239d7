# Misuses of jit.cg and jit.cub: each is an error naming what was expected.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def helper(g, x):
    x[0] = 1


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    R = jit.cub.WarpReduce[cp.float32]
    t = jit.shared_memory(dtype=R.TempStorage, size=1)
    a = R(t[0]).Sum(cp.float64(1))
    b = jit.cub.WarpReduce[n]
    c = jit.cub.BlockReduce[cp.float32]
    d = R(t[n]).Sum(x[0])
    e = R(t[0]).Reduce(x[0], jit.cub.Sum)
    g = jit.cg.this_grid()
    jit.cg.memcpy_async(g, x, 0, x, 1, 4)
    blk = jit.cg.this_thread_block()
    jit.cg.wait_prior(blk, n)
    blk.sync(1)
    q = blk.rank()
    helper(blk, x)
    x[0] = g
    jit.thrust.sort(jit.thrust.seq, x, x)
    u = jit.cub.WarpReduce(t[0])
    v = jit.shared_memory(dtype=R.TempStorage, size=None)
