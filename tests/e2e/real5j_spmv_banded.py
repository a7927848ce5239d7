# run: --kernel SPMV_kernel --grid 2 --block 32 num_rows=50 num_cols=50 num_bands=5 j_min_i=@real5j_spmv_banded.j_min_i.npy A_banded=@real5j_spmv_banded.A_banded.npy x=@real5j_spmv_banded.x.npy y=zeros:float64:50
# check: y tol=1e-6
# input: j_min_i = np.array([-7, -1, 0, 1, 7], np.int32)
# input: A_banded = rng.standard_normal(250)
# input: x = rng.standard_normal(50)
# A published program (an HPCG implementation study, HighPerformanceHPCG_Thesis's
# Python_HPCGLib, its "naive banded" CuPy version),
# the kernel unchanged: annotations cupyx.jit ignores (`num_rows: int` beside
# `j_min_i: cp.ndarray`), a grid-stride loop whose stride is written in the range call,
# an accumulator `sum_i = 0.0` (float32 in cupyx's default mode) summing float64
# products (each converted to float32 by the augmented assignment), band offsets from
# an int32 array, bounds `j >= 0 and j < num_cols`, the float32 sum stored into float64.
import sys
import os

import cupy as cp
from cupyx import jit
import numpy as np
import math
from typing import Tuple


@jit.rawkernel()
def SPMV_kernel(
    num_rows: int, num_cols: int, num_bands: int,
    j_min_i: cp.ndarray,
    A_banded: cp.ndarray, x: cp.ndarray, y: cp.ndarray
    ):
    
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x

    # every thread computes one or more rows of the matrix
    for i in range(tid, num_rows, jit.blockDim.x * jit.gridDim.x):
        sum_i = 0.0
        for band in range(num_bands):
            j = i + j_min_i[band]
            if j >= 0 and j < num_cols:
                sum_i += A_banded[i*num_bands + band] * x[j]

        y[i] = sum_i
