# run: --kernel k --grid 12,63 --block 32,32 src=arange:int32:2000x384 dst=zeros:uint8:2000x384
# check: dst
# A 2-d map kernel (src/lower/map.c): a five-point stencil of int32 with a border test,
# launched one element per thread on more blocks along y than fill the device, so libpykc
# runs its twin (its loads first under the border test; several rows per thread, 2000 not
# a multiple of them: the last trips one by one).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(src: cp.int32[:, :], dst: cp.uint8[:, :]):
    x, y = jit.grid(2)
    h = src.shape[0]
    w = src.shape[1]
    if x < w and y < h:
        c = src[y, x] * 7 % 1009
        if y == 0 or y == h - 1 or x == 0 or x == w - 1:
            dst[y, x] = cp.uint8(c % 256)
        else:
            s = (c * 3 + src[y - 1, x] % 97 * 5 + src[y + 1, x] % 89 * 7 + src[y, x - 1] % 83 * 11
                 + src[y, x + 1] % 79 * 13)
            dst[y, x] = cp.uint8(s % 251)
