# run: --kernel row_range x=@fuse_minmax.x.npy
# check: out0 out1
# input: x = special_floats(96, 'float32').reshape(8, 12)
# @cupy.fuse: cp.amax along the rows propagates NaN (CuPy's my_max_float); the second
# output comes from the same reduction's result (a post-map of two values).
import cupy as cp


@cp.fuse()
def row_range(x):
    m = cp.amax(x * 2, axis=1)
    return m, m - 1
