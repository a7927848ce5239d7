# Kernels that fault on the CPU backend without --debug (tests/cli/hardening.sh): small
# overruns of a global array, of dynamic and of static shared memory, and a kernel that
# never ends (--timeout, SIGINT).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def oob_write(x: cp.float32[:], off: cp.int64):
    i = jit.grid(1)
    x[i + off] = 1.0


@jit.rawkernel()
def dyn_shared(x: cp.float32[:], n: cp.int32):
    s = jit.shared_memory(cp.float32, None)
    i = jit.threadIdx.x
    s[i + n] = 1.0
    x[i] = s[i]


@jit.rawkernel()
def static_shared(x: cp.float32[:], off: cp.int32):
    s = jit.shared_memory(cp.float32, 256)
    i = jit.threadIdx.x
    s[i + off] = 12345.0
    jit.syncthreads()
    x[i] = s[i]


@jit.rawkernel()
def forever(x: cp.float32[:]):
    i = 0
    while True:
        i += 1
