# run: --kernel mse_atomic --grid 4 --block 256 pred=arange:float32:1000 target=ones:float32:1000 total=zeros:float32:1 n=1000
# check: total tol=1e-5
"""Mean squared error: each block reduces its squared errors in shared memory, then one
atomic_add per block adds the block's share of the mean into total[0]."""
from __future__ import annotations

import cupy as cp
from cupyx import jit

BLOCK = 256


@jit.rawkernel()
def mse_atomic(pred: cp.float32[:], target: cp.float32[:], total: cp.float32[:],
               n: cp.int32):
    buf = jit.shared_memory(cp.float32, BLOCK)
    t = cp.int32(jit.threadIdx.x)
    i = jit.grid(1)
    e = 0.0
    if i < n:
        d = pred[i] - target[i]
        e = d * d
    buf[t] = e
    jit.syncthreads()
    step = BLOCK // 2
    while step > 0:
        if t < step:
            buf[t] += buf[t + step]
        jit.syncthreads()
        step //= 2
    if t == 0:
        jit.atomic_add(total, 0, buf[0] / n)
