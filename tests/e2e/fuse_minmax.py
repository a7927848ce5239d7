# run: --kernel row_max x=@fuse_minmax.x.npy
# check: out
# input: x = special_floats(96, 'float32').reshape(8, 12)
# @cupy.fuse: cp.amax along the rows propagates NaN (CuPy's my_max_float), then a post-map
# on its result. (A tuple return after a reduction gives only its first value in CuPy:
# ReductionKernel returns out_args[0].)
import cupy as cp


@cp.fuse()
def row_max(x):
    m = cp.amax(x * 2, axis=1)
    return m - 1
