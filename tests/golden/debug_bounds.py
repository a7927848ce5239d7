# args: --debug
# --debug checks every index against its axis: arrays (contiguous, strided, views, atomics,
# augmented assignment), shared memory of a static or dynamic size and local memory; a
# device function's pointer parameter has no known size and is not checked.
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def first(p, a):
    return p[0] + a[1]


@jit.rawkernel()
def bounds(x: cp.float32[:], m: cp.float32[:, ::1], s: cp.float32[:, :], c: cp.int32[:], n: cp.int64):
    i = jit.grid(1)
    t = jit.threadIdx.x
    buf = jit.shared_memory(cp.float32, 128)
    dyn = jit.shared_memory(cp.float32, None)
    loc = jit.local_memory(cp.float32, 4)
    buf[t] = x[i]
    dyn[t] = m[i, 0] + s[i, 0]
    loc[t % 4] = 1.0
    jit.syncthreads()
    row = s[i]
    row[1] = buf[127 - t] + dyn[0] + loc[0]
    m[i, c[i]] += 2.0
    jit.atomic_add(c, i % n, 1)
    x[i] = first(buf, x)
