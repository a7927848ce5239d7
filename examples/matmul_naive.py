# run: --kernel matmul_naive --grid 4,4 --block 16,16 a=arange:float32:64x48 b=ones:float32:48x64 c=zeros:float32:64x64
"""Naive matrix product c = a @ b: one thread per output element, 2-d grid."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def matmul_naive(a: cp.float32[:, :], b: cp.float32[:, :], c: cp.float32[:, :]):
    col, row = jit.grid(2)
    if row < c.shape[0] and col < c.shape[1]:
        acc = cp.float32(0)
        for k in range(a.shape[1]):
            acc += a[row, k] * b[k, col]
        c[row, col] = acc
