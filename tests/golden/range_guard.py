# The facts a branch's condition gives the variables its body does not assign (src/lower/
# range.c range_refine), and array indices `i + c` / `i - c` of uint32 values that cannot
# wrap computed in int64 (lower.c widen_index: `(long long)i - 1ll`, which the C compiler
# folds into the element's address). Where nothing is proven the index stays
# `(long long)(i - 1u)` (C's wrap-around).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def guards(x: cp.float32[:], y: cp.float32[:], q: cp.int32[:], n: cp.int32):
    i = jit.threadIdx.x
    if i == 0 or i >= n - 1:          # failing: i != 0, so i >= 1
        y[i] = x[i]
    else:
        y[i] = x[i - 1] + x[i + 1]
    if i != 0 and i < n:              # holding: i >= 1
        y[i] += x[i - 1]
    if not (i < 1):                   # not: i >= 1
        y[i] += x[i - 1]
    if 0 < i:                         # constant on the left
        y[i] += x[i - 1]
    if i == 0 or n > 0:               # `or` holding proves nothing
        y[i] += x[i - 1]
    if n > 0:                         # a parameter: i // n is C's /
        q[i] = cp.int32(i) // n
    j = i
    if j > 0:
        j = j - 1                     # assigned in the body: no facts
        y[j] += x[j - 1]
    y[i] += x[i - 2]                  # i - 2 may wrap
