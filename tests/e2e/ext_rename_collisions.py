# run: --kernel names --grid 1 --block 1 n=100 out=zeros:int32:16
# check: out
# Locals named like C macros (INT_MAX, NAN, M_PI, EOF, ...), C's _Bool, `new` next to
# `new_`, a `_t0` next to the compiler's temporaries, and device functions `exp` and
# `exp_`: pykc's C names are unique by construction on both targets (fix; numpy
# reference: cupyx emits the names as they are and the C compile fails).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def exp(a):
    return a + 1


@jit.rawkernel(device=True)
def exp_(a):
    return a + 2


@jit.rawkernel()
def names(n: cp.int32, out: cp.int32[:]):
    INT_MAX = n + 1
    NAN = n + 2
    INFINITY = n + 3
    M_PI = n + 4
    EOF = n + 5
    SIZE_MAX = n + 6
    CHAR_BIT = n + 7
    HUGE_VAL = n + 8
    _Bool = n + 9
    new = n + 10
    new_ = n + 11
    _t0 = n + 12
    out[0] = INT_MAX
    out[1] = NAN
    out[2] = INFINITY
    out[3] = M_PI
    out[4] = EOF
    out[5] = SIZE_MAX
    out[6] = CHAR_BIT
    out[7] = HUGE_VAL
    out[8] = _Bool
    out[9] = new
    out[10] = new_
    out[11] = exp(n)
    out[12] = exp_(n)
    out[13] = exp(new_)
    acc = 0
    k = 0
    for k in range(n - 97):
        acc += k
    out[14] = _t0
    out[15] = acc * 10 + k
