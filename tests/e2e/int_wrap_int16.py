# run: --kernel wrap16 --grid 4 --block 16 a=@int_wrap_int16.a.npy b=@int_wrap_int16.b.npy o16=zeros:int16:64 o32=zeros:int32:64 t16=zeros:int16:64 u16=@int_wrap_int16.u16.npy
# check: o16 o32 t16 u16
# input: a = int_edges(64, 'int16')
# input: b = rng.integers(-300, 300, 64).astype(np.int16)
# input: u16 = int_edges(64, 'uint16')
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wrap16(a: cp.int16[:], b: cp.int16[:], o16: cp.int16[:], o32: cp.int32[:],
           t16: cp.int16[:], u16: cp.uint16[:]):
    i = jit.grid(1)
    o16[i] = a[i] * b[i]
    o32[i] = a[i] * b[i]
    t = a[i]
    t = t * 3 + 7
    t16[i] = t
    u16[i] = u16[i] + u16[i]
