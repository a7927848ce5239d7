# run: --kernel tprom --grid 1 --block 64 a=@ext_ternary_promote.a.npy f=@ext_ternary_promote.f.npy out=zeros:float32:64
# check: out
# input: a = rng.integers(-5, 5, 64).astype(np.int32)
# input: f = rng.standard_normal(64).astype(np.float32)
# A conditional expression with int32 and float32 operands: cupyx rejects it, pykc
# promotes to float32 (fix; numpy reference).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def tprom(a: cp.int32[:], f: cp.float32[:], out: cp.float32[:]):
    i = jit.threadIdx.x
    out[i] = a[i] if a[i] > 0 else f[i]
