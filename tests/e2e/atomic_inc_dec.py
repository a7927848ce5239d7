# run: --kernel aid --grid 3 --block 100 c=@atomic_inc_dec.c.npy
# input: c = np.array([0, 0, 5, 1000, 0], np.uint32)
# atomic_inc / atomic_dec (uint32 only) with wrap limits: the final counters depend only
# on how many threads ran.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def aid(c):
    jit.atomic_inc(c, 0, cp.uint32(4294967295))
    jit.atomic_inc(c, 1, cp.uint32(16))
    jit.atomic_dec(c, 2, cp.uint32(7))
    jit.atomic_dec(c, 3, cp.uint32(100000))
    if jit.threadIdx.x == 0:
        jit.atomic_dec(c, 4, cp.uint32(10))
