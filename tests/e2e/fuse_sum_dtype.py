# run: --kernel col_sum x=@fuse_sum_dtype.x.npy
# check: out
# input: x = rng.standard_normal((5, 7)) * 10
# @cupy.fuse: x.sum(dtype=int8) of float64 values (CuPy's TestFusionReductionSpecifyDtype):
# the method is the new fusion's, whose reduction takes the cupy_sum_with_dtype loop
# giving int8 and casts each value to int8 before summing, as NumPy does.
import cupy as cp


@cp.fuse()
def col_sum(x):
    return x.sum(axis=0, dtype=cp.int8)
