# run: --kernel cmp64 --grid 1 --block 1 w=5:uint64 q=-1:int64 big=18446744073709551615:uint64 out=zeros:int32:6
# check: out
# int64 against uint64 parameters compare exactly (fix: C's `w > q` converts q to
# unsigned, so -1 would be above every uint64; numpy reference: Python's comparison).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def cmp64(w: cp.uint64, q: cp.int64, big: cp.uint64, out: cp.int32[:]):
    out[0] = 1 if w > q else 0
    out[1] = 1 if q < w else 0
    out[2] = 1 if w == q else 0
    out[3] = 1 if q >= w else 0
    out[4] = 1 if big > q else 0
    out[5] = 1 if q != big else 0
