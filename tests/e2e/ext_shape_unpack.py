# run: --kernel shp --grid 1 --block 1 x=zeros:float32:6x9 out=zeros:int64:4
# check: out
# `a, b = x.shape` and `s, t = x.strides` (fix; numpy reference).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def shp(x: cp.float32[:, :], out: cp.int64[:]):
    r, c = x.shape
    out[0], out[1] = r, c
    s0, s1 = x.strides
    out[2], out[3] = s0, s1
