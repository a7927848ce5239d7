# run: --kernel ext --grid 1 --block 64 a=@ext_syntax.a.npy b=@ext_syntax.b.npy out=zeros:int32:64
# check: out
# input: a = rng.integers(-10, 60, 64).astype(np.int32)
# input: b = rng.integers(-10, 60, 64).astype(np.int32)
# pykc extensions (numpy reference in tools/gen_expected.py): chained comparisons,
# unary +, chained assignment.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def ext(a: cp.int32[:], b: cp.int32[:], out: cp.int32[:]):
    i = jit.threadIdx.x
    x = a[i]
    y = b[i]
    r = 0
    if -5 < x <= y < 50:
        r += 1
    if x < y > 0:
        r += 10
    p = q = x
    p += +y
    out[i] = r + 100 * (p - q)
