# Resource limits known at compile time: a block's static shared memory (48 KiB, per
# allocation and summed over a function) and a thread's local memory (512 KiB); sizes
# must be positive.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def too_big(x: cp.float32[:]):
    a = jit.shared_memory(cp.float32, 12289)
    b = jit.shared_memory(cp.float32, 12288)
    x[0] = a[0] + b[0]


@jit.rawkernel()
def summed(x: cp.float32[:]):
    a = jit.shared_memory(cp.float64, 4096)
    b = jit.shared_memory(cp.float32, 4096)
    c = jit.shared_memory(cp.int8, 1)
    x[0] = a[0] + b[0] + c[0]


@jit.rawkernel()
def dynamic_ok(x: cp.float32[:]):
    a = jit.shared_memory(cp.float64, None)
    b = jit.shared_memory(cp.float32, 12288)
    x[0] = a[0] + b[0]


@jit.rawkernel()
def local(x: cp.float64[:]):
    a = jit.local_memory(cp.float64, 65537)
    b = jit.local_memory(cp.float64, 65536)
    c = jit.local_memory(cp.int8, 1)
    x[0] = a[0] + b[0] + c[0]


@jit.rawkernel()
def sizes(x: cp.float32[:]):
    a = jit.shared_memory(cp.float32, 0)
    b = jit.local_memory(cp.float32, -4)
    c = jit.shared_memory(cp.float32, 1 << 62)
    x[0] = a[0] + b[0] + c[0]
