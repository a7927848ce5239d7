# Map kernels (src/lower/map.c, docs/design.md §5.3): `i = jit.grid(1); if i < BOUND: BODY`
# whose threads never meet gets NAME__map beside it, a grid-stride loop over
# [0, min(BOUND, pykc_nthreads)) whose trips run four at a time, their loads first (up to the
# body's first global store). The kernels from `kept` on get none, each for the reason named.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def saxpy(a: cp.float32, x: cp.float32[:], y: cp.float32[:], out: cp.float32[:]):
    i = jit.grid(1)
    if i < x.size:                                   # twin: x[i], y[i] loaded first
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def twice(y: cp.float64[::1], z: cp.float64[::1], n: cp.int32):
    i = jit.grid(1)
    if i < n:                                        # twin: bound clamped at 0 (signed)
        y[i] = y[i] * 2                              # y[i] loaded first ...
        z[i] = y[i] + 1                              # ... this read after the store stays


@jit.rawkernel()
def count(x: cp.int32[:], total: cp.uint64[:], lut: cp.uint64[:]):
    i = jit.grid(1)
    if i < x.size:                                   # twin: an atomic nobody reads, a gather
        if x[i] > 0:
            jit.atomic_add(total, 0, lut[x[i] % 16])


@jit.rawkernel()
def kept(x: cp.float32[:], out: cp.float32[:]):
    i = jit.grid(1)
    if i < x.size:                                   # none: blockIdx read in the body
        out[i] = x[i] + jit.blockIdx.x


@jit.rawkernel()
def kept_shared(x: cp.float32[:], out: cp.float32[:]):
    s = jit.shared_memory(cp.float32, 32)            # none: shared memory, a sync
    i = jit.grid(1)
    s[jit.threadIdx.x % 32] = x[i]
    jit.syncthreads()
    if i < x.size:
        out[i] = s[0]


@jit.rawkernel()
def kept_atomic(x: cp.int32[:], slot: cp.int32[:], out: cp.int32[:]):
    i = jit.grid(1)
    if i < x.size:                                   # none: the atomic's value is used
        out[i] = jit.atomic_add(slot, 0, x[i])


@jit.rawkernel()
def kept_return(x: cp.float32[:], out: cp.float32[:]):
    i = jit.grid(1)
    if i >= x.size:                                  # none: not `if i < BOUND:`
        return
    out[i] = x[i]


@jit.rawkernel()
def kept_loop(x: cp.float32[:, :], out: cp.float32[:]):
    i = jit.grid(1)
    if i < out.size:                                 # none: a loop in the body
        s = cp.float32(0)
        for j in range(x.shape[1]):
            s += x[i, j]
        out[i] = s


@jit.rawkernel()
def kept_else(x: cp.float32[:], out: cp.float32[:]):
    i = jit.grid(1)
    if i < x.size:                                   # none: an else branch
        out[i] = x[i]
    else:
        out[0] = 0
