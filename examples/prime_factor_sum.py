# run: --kernel prime_factor_sum --grid 8 --block 128 out=zeros:int32:1000 n=1000
"""For each i < n, out[i] = the sum of the prime factors of i, with multiplicity
(out[12] = 2 + 2 + 3 = 7; out[0] = out[1] = 0). Trial division with while loops."""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def prime_factor_sum(out: cp.int32[:], n: cp.int32):
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
