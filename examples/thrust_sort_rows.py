"""A sort per thread through Thrust: thread i copies row i of x to row i of y and sorts it
with jit.thrust.sort under thrust.seq (thrust's device merge sort: insertion sorts of 32
elements, then merges through a temporary array from the device heap)."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def thrust_sort_rows(x: cp.float32[:, ::1], y: cp.float32[:, ::1], rows: cp.int32):
    i = jit.grid(1)
    if i < rows:
        jit.thrust.copy(jit.thrust.seq, x[i].begin(), x[i].end(), y[i].begin())
        jit.thrust.sort(jit.thrust.seq, y[i].begin(), y[i].end())
