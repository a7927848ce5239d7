# run: --kernel aadd16 --grid 2 --block 64 v=@ext_atomic_add_f16.v.npy sh=zeros:float16:4
# check: sh
# input: v = rng.integers(-20, 20, 128).astype(np.int32)
# atomic_add on a float16 array (fix: CuPy 14.2 emits atomicAdd(float16 *, float), which
# NVRTC rejects; numpy reference). Small integers, so the sums are exact in any order.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def aadd16(v: cp.int32[:], sh: cp.float16[:]):
    i = jit.grid(1)
    jit.atomic_add(sh, i % 4, cp.float16(v[i]))
