# run: --kernel shfl --grid 1 --block 64 a=@shfl_types.a.npy u=@shfl_types.u.npy l=@shfl_types.l.npy q=@shfl_types.q.npy f=@shfl_types.f.npy d=@shfl_types.d.npy h=@shfl_types.h.npy oa=zeros:int32:64 ou=zeros:uint32:64 ol=zeros:int64:64 oq=zeros:uint64:64 of=zeros:float32:64 od=zeros:float64:64 oh=zeros:float16:64
# check: oa ou ol oq of od oh
# input: a = int_edges(64, 'int32')
# input: u = int_edges(64, 'uint32')
# input: l = int_edges(64, 'int64')
# input: q = int_edges(64, 'uint64')
# input: f = special_floats(64)
# input: d = special_floats(64, 'float64')
# input: h = special_floats(64, 'float16')
# shfl_sync on every dtype it supports (int32 uint32 int64 uint64 float32 float64 float16).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def shfl(a: cp.int32[:], u: cp.uint32[:], l: cp.int64[:], q: cp.uint64[:],
         f: cp.float32[:], d: cp.float64[:], h: cp.float16[:], oa: cp.int32[:],
         ou: cp.uint32[:], ol: cp.int64[:], oq: cp.uint64[:], of: cp.float32[:],
         od: cp.float64[:], oh: cp.float16[:]):
    i = jit.threadIdx.x
    src = (jit.laneid() * 7 + 3) % 32
    oa[i] = jit.shfl_sync(0xffffffff, a[i], src)
    ou[i] = jit.shfl_sync(0xffffffff, u[i], src)
    ol[i] = jit.shfl_sync(0xffffffff, l[i], src)
    oq[i] = jit.shfl_sync(0xffffffff, q[i], src)
    of[i] = jit.shfl_sync(0xffffffff, f[i], src)
    od[i] = jit.shfl_sync(0xffffffff, d[i], src)
    oh[i] = jit.shfl_sync(0xffffffff, h[i], 31)
