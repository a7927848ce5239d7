# run: --kernel get_sq_sum_kernel x=@real_sqsum_rows.x.npy y=zeros:float64:50 --axis 1
# check: y tol=1e-12
# input: x = rng.standard_normal((50, 7))
# A real program (pairwise distances from squared norms): a ReductionKernel returned by
# a factory, called with its output array and axis=1.
import numpy as np


def get_sq_sum_kernel():
    import cupy as cp

    return cp.ReductionKernel(
        'T x',  # input params
        'T y',  # output params
        'x * x',  # map
        'a + b',  # reduce
        'y = a',  # post-reduction map
        '0',  # identity value
        'sqsum'  # kernel name
    )
