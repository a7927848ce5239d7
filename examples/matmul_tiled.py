# run: --kernel matmul_tiled --grid 4,4 --block 16,16 a=arange:float32:64x48 b=ones:float32:48x64 c=zeros:float32:64x64
"""Tiled matrix product c = a @ b: 16x16 tiles of a and b staged in shared memory,
synchronised with syncthreads. Edges are padded with zeros, so any shape works."""
from __future__ import annotations

import cupy as cp
from cupyx import jit

TILE = 16


@jit.rawkernel()
def matmul_tiled(a: cp.float32[:, :], b: cp.float32[:, :], c: cp.float32[:, :]):
    ta = jit.shared_memory(cp.float32, TILE * TILE)
    tb = jit.shared_memory(cp.float32, TILE * TILE)
    tx = cp.int32(jit.threadIdx.x)
    ty = cp.int32(jit.threadIdx.y)
    row = cp.int32(jit.blockIdx.y) * TILE + ty
    col = cp.int32(jit.blockIdx.x) * TILE + tx
    m = a.shape[0]
    kdim = a.shape[1]
    n = b.shape[1]
    acc = cp.float32(0)
    for k0 in range(0, kdim, TILE):
        if row < m and k0 + tx < kdim:
            ta[ty * TILE + tx] = a[row, k0 + tx]
        else:
            ta[ty * TILE + tx] = 0.0
        if col < n and k0 + ty < kdim:
            tb[ty * TILE + tx] = b[k0 + ty, col]
        else:
            tb[ty * TILE + tx] = 0.0
        jit.syncthreads()
        for k in range(TILE):
            acc += ta[ty * TILE + k] * tb[k * TILE + tx]
        jit.syncthreads()
    if row < m and col < n:
        c[row, col] = acc
