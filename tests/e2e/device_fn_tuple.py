# run: --kernel dtup --grid 1 --block 64 a=@device_fn_tuple.a.npy b=@device_fn_tuple.b.npy q=zeros:int32:64 r=zeros:int32:64 s=zeros:int64:64
# check: q r s
# input: a = rng.integers(-1000, 1000, 64).astype(np.int32)
# input: b = np.concatenate([np.array([0, 7, -7], np.int32), rng.integers(-20, 20, 61).astype(np.int32)])
# Device functions returning tuples, unpacked by the caller; arrays passed as arguments.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def divmod_(x, y):
    return x // y, x % y


@jit.rawkernel(device=True)
def row_sum(arr, n):
    t = cp.int64(0)
    for k in range(n):
        t += arr[k]
    return t


@jit.rawkernel()
def dtup(a: cp.int32[:], b: cp.int32[:], q: cp.int32[:], r: cp.int32[:], s: cp.int64[:]):
    i = jit.threadIdx.x
    qq, rr = divmod_(a[i], b[i])
    q[i] = qq
    r[i] = rr
    s[i] = row_sum(a, i + 1)
