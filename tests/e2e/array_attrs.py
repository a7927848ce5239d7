# run: --kernel attrs --grid 1 --block 32 x1=zeros:float64:7 x2=zeros:int16:3x5 x3=zeros:uint8:2x3x4 o=zeros:int64:24
# check: o
# x.size, x.shape, x.strides (bytes), x.ndim, len(x) on 1-, 2- and 3-d arrays.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def attrs(x1: cp.float64[:], x2: cp.int16[:, :], x3: cp.uint8[:, :, :], o: cp.int64[:]):
    if jit.threadIdx.x == 0:
        o[0] = x1.size
        o[1] = x1.shape[0]
        o[2] = x1.strides[0]
        o[3] = x1.ndim
        o[4] = len(x1)
        o[5] = x2.size
        o[6] = x2.shape[0]
        o[7] = x2.shape[1]
        o[8] = x2.strides[0]
        o[9] = x2.strides[1]
        o[10] = x2.ndim
        o[11] = len(x2)
        o[12] = x3.size
        o[13] = x3.shape[0]
        o[14] = x3.shape[1]
        o[15] = x3.shape[2]
        o[16] = x3.strides[0]
        o[17] = x3.strides[1]
        o[18] = x3.strides[2]
        o[19] = x3.ndim
        o[20] = len(x3)
        o[21] = o.size
        o[22] = x2.shape[0] * x2.shape[1] - x2.size
        o[23] = o.ndim + x3.ndim
