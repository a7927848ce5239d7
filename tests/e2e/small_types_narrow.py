# run: --kernel narrow --grid 1 --block 64 q=@small_types_narrow.q.npy h=@small_types_narrow.h.npy s16=@small_types_narrow.s16.npy o8=zeros:uint8:64 o32=zeros:int32:64x3 oh=zeros:float16:64 of=zeros:float32:64x2
# check: o8 o32 oh of
# input: q = int_edges(64, 'uint8')
# input: h = np.concatenate([np.array([65504, 60000, -65504, 0.1, 2049, 1.0009765625], np.float16), (rng.standard_normal(58) * 1000).astype(np.float16)])
# input: s16 = int_edges(64, 'int16')
# Small types are computed as C int / float and narrowed only when stored to a variable
# or element of that type.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def narrow(q: cp.uint8[:], h: cp.float16[:], s16: cp.int16[:], o8: cp.uint8[:],
           o32: cp.int32[:, :], oh: cp.float16[:], of: cp.float32[:, :]):
    i = jit.threadIdx.x
    s = q[i] + q[i]
    o8[i] = s
    o32[i, 0] = q[i] + q[i]
    o32[i, 1] = s
    o32[i, 2] = s16[i] * s16[i] + s16[i]
    t = h[i] + h[i]
    oh[i] = t
    of[i, 0] = h[i] + h[i]
    of[i, 1] = t
