# Complex misuse: atomics and shuffles (cupyx has no complex atomics or shuffles), a
# complex stored into a real array or local (cupyx: same_kind casting), complex
# conditions, functions and operators without complex loops, ordering complex values
# (cupyx's < <= > >= have no complex loops; min/max do order them).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(z: cp.complex64[:], f: cp.float32[:], c: cp.complex128):
    i = jit.grid(1)
    jit.atomic_add(z, 0, z[i])
    v = jit.shfl_sync(0xffffffff, z[i], 0)
    f[i] = z[i]
    x = 1.0
    x = c
    if c:
        f[0] = 1.0
    w = 1j < 2j
    w = z[i] <= c
    w = 0.5 > c
    s = jit.shared_memory(cp.complex128, 32)
    s[0] = c
    t = (c, 1)
    q = cp.square(c)
    y = z[i] // 2
    m = ~c
