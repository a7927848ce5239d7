import cupy as cp
from cupyx import jit


# static shared memory read before written: blocks > 0 see 0xff bytes under --debug
@jit.rawkernel()
def stale(o):
    buf = jit.shared_memory(cp.int32, 4)
    t = jit.threadIdx.x
    if jit.blockIdx.x == 0:
        buf[t] = 7
    jit.syncthreads()
    o[jit.blockIdx.x * 4 + t] = buf[t]


# float32 atomicAdd flushes subnormal inputs and results to zero (atom.add.f32), float64
# keeps them
@jit.rawkernel()
def ftz(f, d):
    t = jit.threadIdx.x
    jit.atomic_add(f, t, f[t + 4])
    jit.atomic_add(d, t, d[t + 4])


# shuffles within 8-lane segments: out-of-segment sources return the own value
@jit.rawkernel()
def seg(a, b, c):
    t = jit.threadIdx.x
    a[t] = jit.shfl_sync(0xffffffff, t * 10, 13, 8)
    b[t] = jit.shfl_up_sync(0xffffffff, t * 10, 3, 8)
    c[t] = jit.shfl_xor_sync(0xffffffff, t * 10, 9, 8)
