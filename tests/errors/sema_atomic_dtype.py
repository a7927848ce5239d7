import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(f: cp.float32[:], i: cp.int32[:], m: cp.int64[:, :]):
    jit.atomic_inc(f, 0, 1)
    jit.atomic_add(m, (0, 1), 1)
    jit.atomic_sub(f, 0, 1.0)
    jit.atomic_add(i, 0.5, 1)
    jit.atomic_add(i, 0, 1.5)
    old = jit.atomic_cas(i, 0, 1, 2)
    jit.atomic_add(i, 0)
