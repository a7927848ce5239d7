# `pykc check` without --sig on unannotated kernels (issue 20 §3): what does not depend on
# the argument types is still checked (names, module attributes, host functions), and
# each kernel it could not type is named with how to type it.
import cupy as cp
from cupyx import jit

N = 4


@jit.rawkernel(device=True)
def twice(a):
    return a * 2


def host():
    pass


@jit.rawkernel()
def typo(x, y, n):
    i = jit.threadIdy.x + jit.blockIdx.x * jit.blockDim.x
    tid = jit.threadIdx.x
    for j in range(N):
        y[tid] = twice(x[tid]) + cp.sinn(x[tid]) + undefined_thing + j
    a, (b, c) = 1, (2, 3)
    host()
    x[i + a + b + c] = n
    jit.syncthreads()


@jit.rawkernel()
def fine(x, n):
    i = jit.grid(1)
    if i < n:
        x[i] = twice(i) + N
