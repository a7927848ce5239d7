# run: --kernel aadd --grid 4 --block 64 v=@atomic_add_types.v.npy si=zeros:int32:4 su=zeros:uint32:4 sq=zeros:uint64:4 sf=zeros:float32:4 sd=zeros:float64:4 old=zeros:int32:256
# check: si su sq sf sd
# input: v = rng.integers(-20, 20, 256).astype(np.int32)
# atomic_add on int32 uint32 uint64 float32 float64 (float16: ext_atomic_add_f16.py); the values are small integers so float sums
# are exact in any order.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def aadd(v: cp.int32[:], si: cp.int32[:], su: cp.uint32[:], sq: cp.uint64[:],
         sf: cp.float32[:], sd: cp.float64[:], old: cp.int32[:]):
    i = jit.grid(1)
    k = i % 4
    x = v[i]
    old[i] = jit.atomic_add(si, k, x)
    jit.atomic_add(su, k, cp.uint32(x + 20))
    jit.atomic_add(sq, k, cp.uint64(x + 20) * 1000000000000)
    jit.atomic_add(sf, k, cp.float32(x))
    jit.atomic_add(sd, k, cp.float64(x) * 0.5)
