# run: --kernel shifts --grid 1 --block 64 a=@shifts.a.npy s=@shifts.s.npy u=@shifts.u.npy su=@shifts.su.npy l=@shifts.l.npy b8=@shifts.b8.npy o=zeros:int32:4x64 ou=zeros:uint32:2x64 ol=zeros:int64:2x64
# check: o ou ol
# input: a = int_edges(64, 'int32')
# input: s = rng.integers(0, 32, 64).astype(np.int32)
# input: u = int_edges(64, 'uint32')
# input: su = rng.integers(0, 32, 64).astype(np.uint32)
# input: l = int_edges(64, 'int64')
# input: b8 = int_edges(64, 'int8')
# << and >> (arithmetic on signed values), on int32, uint32, int64 and int8 (computed as int).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def shifts(a: cp.int32[:], s: cp.int32[:], u: cp.uint32[:], su: cp.uint32[:],
           l: cp.int64[:], b8: cp.int8[:], o: cp.int32[:, :], ou: cp.uint32[:, :],
           ol: cp.int64[:, :]):
    i = jit.threadIdx.x
    o[0, i] = a[i] << s[i]
    o[1, i] = a[i] >> s[i]
    o[2, i] = b8[i] << 3
    o[3, i] = (a[i] >> 4) << 2
    ou[0, i] = u[i] >> su[i]
    ou[1, i] = u[i] << su[i]
    ol[0, i] = l[i] >> 40
    ol[1, i] = l[i] << 17
