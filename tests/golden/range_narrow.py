# src/lower/narrow.c's choices: integer //, % and * in 32 bits where the value ranges
# allow (uint32 division of values in [0, 2^32), int32 floordiv/mod of int32 values with
# one operand non-negative, widening 32 x 32 -> 64 products), and the ones that stay
# 64-bit (neither operand known non-negative, values just past 32 bits). The results are
# tests/e2e/pending/narrow_divmod.py's.
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


@jit.rawkernel(mode='numpy')
def prime_factor_sum(out: cp.int32[:], n: cp.int32):
    # mode='numpy': m and d are int64; m starts from an int32 index, so m % d and m //= d
    # are uint32 once d is known below 2^32 (here d is not: it stays 64-bit)
    for i in range(jit.grid(1), n, jit.gridsize(1)):
        m = i
        s = 0
        d = 2
        while d * d <= m:
            while m % d == 0:
                s += d
                m //= d
            d += 1
        if m > 1:
            s += m
        out[i] = s


@jit.rawkernel()
def products(y: cp.int64[:], z: cp.uint64[:], n: cp.int32):
    for i in range(n):
        k = cp.int64(i)                  # [0, 2^31)
        y[i] = k * k                     # a widening product
        y[i + n] = cp.int64(i) * cp.int64(n)   # converted from int32 already: as it is
        z[i] = cp.uint64(k) * cp.uint64(k)
