import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float32[:], n: cp.int32):
    a = jit.shared_memory(cp.float32, n)
    b = jit.shared_memory(cp.float32, 0)
    c = jit.shared_memory(3, 32)
    x[0] = jit.shared_memory(cp.float32, 32)[0]
    d = jit.shared_memory(cp.float32, 32)
    d = x
    e = jit.shared_memory(cp.float32, 32, alignment=3)
    f = jit.local_memory(cp.int32, None)
