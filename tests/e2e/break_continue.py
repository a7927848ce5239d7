# run: --kernel brk --grid 1 --block 32 a=@break_continue.a.npy o=zeros:int32:3x32
# check: o
# input: a = rng.integers(-20, 100, (32, 40)).astype(np.int32)
# break and continue in for and while loops, nested.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def brk(a: cp.int32[:, :], o: cp.int32[:, :]):
    i = jit.threadIdx.x
    s = 0
    for j in range(40):
        v = a[i, j]
        if v < 0:
            continue
        if v > 90:
            break
        s += v
    o[0, i] = s
    k = 0
    c = 0
    while True:
        if k >= 40:
            break
        k += 1
        if a[i, k - 1] % 3 != 0:
            continue
        c += 1
    o[1, i] = c
    t = 0
    for j in range(8):
        for m in range(8):
            if m > j:
                break
            if (m + j) % 2 == 1:
                continue
            t += a[i, j * 4 + m]
    o[2, i] = t
