# Complex values lower to helper calls (lower.c, emit_complex.c): constants to cmake of
# their parts, real -> complex casts to cmake(x, 0), complex -> real casts to the real
# part, the other width through ccvt, operators and builtins through their rows' chelper;
# op= expands to the helper of its operator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(z: cp.complex128[:], w: cp.complex64[:], f: cp.float32[:], r: cp.float64[:]):
    i = jit.grid(1)
    a = z[i]
    a += w[i] * f[i]
    z[i] = a / 2j - (1 + 2j) ** 2
    r[i] = cp.float64(a) + abs(a) + cp.angle(w[i]) + a.imag
    if a != w[i] and not cp.isnan(a):
        w[i] = cp.exp(-w[i])
