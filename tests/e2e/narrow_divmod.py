# run: --kernel narrow --grid 1 --block 64 a=@narrow_divmod.a.npy b=@narrow_divmod.b.npy u=@narrow_divmod.u.npy h=@narrow_divmod.h.npy o=zeros:int64:16x64 ou=zeros:uint64:4x64
# check: o ou
# input: a = np.concatenate([np.array([-2**31, -2**31, 2**31 - 1, 2**31 - 1, -1, 0, 7, -7], np.int32), int_edges(56, 'int32')])
# input: b = np.concatenate([np.array([-1, 1, -1, 2**31 - 1, 7, 0, -2**31, 3], np.int32), rng.integers(-9, 10, 56).astype(np.int32)])
# input: u = int_edges(64, 'uint32')
# input: h = int_edges(64, 'uint16')
# Integer //, % and * that src/lower/narrow.c computes in 32 bits where the value ranges
# allow, at the ranges' edges (2^31 - 1, -2^31, 2^32 - 1, negative values, zero
# divisors), beside the ones that must stay 64-bit (-2^31 // -1, values just past 32 bits).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def narrow(a: cp.int32[:], b: cp.int32[:], u: cp.uint32[:], h: cp.uint16[:],
           o: cp.int64[:, :], ou: cp.uint64[:, :]):
    i = jit.grid(1)
    if i < a.shape[0]:
        x = cp.int64(a[i])               # int32's range, either sign
        y = cp.int64(b[i])
        xu = cp.int64(u[i])              # [0, 2^32)
        xh = cp.int64(h[i])              # [0, 2^16)
        m = a[i] & 0x7fffffff            # int32 in [0, 2^31)
        o[0, i] = x // y                 # neither known non-negative: int64 (-2^31 // -1)
        o[1, i] = x % y
        o[2, i] = x // xh                # int32 floordiv: the divisor is non-negative
        o[3, i] = x % xh
        o[4, i] = xh // y                # int32 floordiv: the dividend is non-negative
        o[5, i] = xh % y
        o[6, i] = xu // (xh + 1)         # uint32: both in [0, 2^32)
        o[7, i] = xu % (xh + 1)
        o[8, i] = m % 10                 # int32 -> uint32
        o[9, i] = m // 3
        o[10, i] = (xu + 1) // 3         # just past 32 bits: int64
        o[11, i] = (xu * 2) % 1000003
        o[12, i] = x * x                 # 32 x 32 -> 64-bit multiply
        o[13, i] = x * xh
        o[14, i] = cp.int64(m) // xu     # uint32, by zero gives 0
        o[15, i] = cp.int64(m) % xu
        v = cp.uint64(u[i])
        ou[0, i] = v * v                 # uint32 x uint32 -> uint64
        ou[1, i] = v // cp.uint64(h[i])  # uint32, by zero gives 0
        ou[2, i] = v % cp.uint64(h[i])
        ou[3, i] = (v + cp.uint64(1)) // cp.uint64(3)   # just past 32 bits: uint64
