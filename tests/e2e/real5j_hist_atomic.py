# run: --kernel histogram_jit --grid 1 --block 64 data=@real5j_hist_atomic.data.npy bins_data=zeros:int32:10 n_bins=10 min_x=0.0:float32 max_x=1.0:float32 data_size=1000
# check: bins_data
# input: data = rng.random(1000).astype(np.float32)
# A published program (a benchmark of CuPy histogram kernels: jit, RawKernel,
# ElementwiseKernel, shared memory), its cupyx.jit kernel unchanged: a while loop over a
# grid stride, a bin width from float32 scalar arguments and a Python int, `cp.int32()`
# of a float32 quotient, `jit.atomic_add(bins_data, index, 1)` on int32 bins (counts are
# exact whatever the order).
import os
import sys
import cupy as cp
import argparse

from cupyx import jit


# Option 1: jit translation of a pythonic code to CUDA/С, global atomic_add()
@jit.rawkernel()
def histogram_jit(data, bins_data, n_bins, min_x, max_x, data_size):

    gid    = jit.threadIdx.x + jit.blockIdx.x * jit.blockDim.x
    stride = jit.blockDim.x * jit.gridDim.x
    
    dbin   = (max_x-min_x)/n_bins

    while gid < data_size:
        number = data[gid]
        index  = cp.int32(number / dbin)
        jit.atomic_add(bins_data, index, 1)
        gid   += stride
