# Every statement form of docs/language.md §3 inside a kernel, plus literals and targets.
import cupy as cp
import numpy as np, math
from cupyx import jit
from cupyx.jit import rawkernel as rk, threadIdx

N = 0x_FF + 0o17 + 0b1010 + 1_000
BIG = 18446744073709551615
HUGE = 36893488147419103232
F = 1_000.5e-3 + 2j
DT = cp.float32
FLAGS = (True, False, None)


@jit.rawkernel(mode='numpy')
def stmts(x: cp.float32[:, ::1], y: cp.int32[()], n: cp.int64 = 4) -> None:
    "A docstring is a string statement."
    i = threadIdx.x
    a = b = 0
    a, b = b, a
    (a, b), c = (1, 2), 3
    x[i, 0] = y[()]
    x[i][1] = x[(i, 2)]
    k: cp.int32 = 5
    m: cp.float64
    a += 1; a -= 1; a *= 2; a /= 2; a //= 2; a %= 3
    a **= 2; a <<= 1; a >>= 1; a &= 7; a |= 8; a ^= 1;
    if a: b = 1
    elif b: b = 2
    else: b = 3
    while a > 0:
        a -= 1
        if a == 5:
            break
        continue
    else:
        pass
    for j in range(0, n, 2):
        pass
    else:
        a = 0
    for p, q in jit.grid(2):
        pass
    assert a >= 0
    assert a >= 0, "a is negative"
    print(a, b, sep=' ')
    jit.syncthreads()
    t = a,
    u = ()
    v = 'abc' "def"
    w = 1.5, 2e10, 3j, .5
    return


@rk(device=True)
def dev(a, b):
    if a < b:
        return a, b
    return b, a
