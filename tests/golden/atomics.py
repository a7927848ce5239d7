# Every atomic: the address of the element, values converted to the element type.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def atomics(f: cp.float32[:], d: cp.float64[::1], i: cp.int32[:], u: cp.uint32[:],
            ul: cp.uint64[:], m: cp.int32[:, :]):
    t = jit.threadIdx.x
    old = jit.atomic_add(f, 0, 1.5)
    jit.atomic_add(d, t, 2.0)
    jit.atomic_sub(i, 0, 1)
    jit.atomic_exch(i, 1, 7)
    jit.atomic_min(i, 2, t)
    jit.atomic_max(i, 3, t)
    jit.atomic_inc(u, 0, 100)
    jit.atomic_dec(u, 1, 100)
    jit.atomic_cas(i, 4, 0, 1)
    jit.atomic_and(u, 2, 0xF0)
    jit.atomic_or(u, 3, 0x0F)
    jit.atomic_xor(ul, 0, 1)
    jit.atomic_add(m, (t, 1), 1)
    f[2] = old
