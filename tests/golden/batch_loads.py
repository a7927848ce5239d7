# Grid-stride loops whose loads run four trips at a time (src/lower/batch.c: bodies that
# write shared memory), and the loops that keep one trip at a time: a global store in the
# body, a body in registers only, a warp operation, an early exit, an atomic on global
# memory, a load that only an if reaches, a step that is not a launch stride.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def counts(x: cp.int32[::1], hist: cp.uint32[::1], n: cp.int32):
    local = jit.shared_memory(cp.uint32, 32)
    if jit.threadIdx.x < 32:
        local[jit.threadIdx.x] = cp.uint32(0)
    jit.syncthreads()
    for i in range(jit.grid(1), n, jit.gridsize(1)):     # batched: x[i] read once a trip
        v = x[i]
        if v > 0:
            jit.atomic_add(local, v % 32, cp.uint32(1))
    jit.syncthreads()
    if jit.threadIdx.x < 32:
        jit.atomic_add(hist, jit.threadIdx.x, local[jit.threadIdx.x])


@jit.rawkernel()
def sums(x: cp.float32[:], y: cp.float32[:], out: cp.float32[:]):
    acc = jit.shared_memory(cp.float32, 128)
    t = jit.threadIdx.x
    acc[t] = 0
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # batched: x[i], y[i]; y[i] twice
        acc[t] += x[i] * y[i] + y[i]
    out[jit.grid(1)] = acc[t]


@jit.rawkernel()
def kept(x: cp.float32[:], out: cp.float32[:], m: cp.int32[:]):
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # a global store
        out[i] = x[i] * 2
    s = cp.float32(0)
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # registers only: nvcc batches it
        s += x[i]
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # a warp operation
        s += jit.shfl_xor_sync(0xffffffff, x[i], 1)
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # an early exit
        if x[i] < 0:
            break
        s += x[i]
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # an atomic on global memory
        jit.atomic_add(m, 0, cp.int32(x[i]))
    for i in range(jit.grid(1), x.size, jit.gridsize(1)):    # the load only under an if
        if s > 0:
            s += x[i]
    for i in range(jit.grid(1), x.size, 7):                  # not a launch stride
        s += x[i]
    out[jit.grid(1)] = s
