# run: --kernel total x=@fuse_method_sum.x.npy
# check: out tol=1e-12
# input: x = int_edges(500, np.int8)
# @cupy.fuse with a reduction method: x.sum() exists only in CuPy's new fusion, which types
# int8 + 1.0 as float64 (a Python float of a higher kind than the array is not weak
# there), so the whole-array sum is a float64 0-d array.
import cupy as cp


@cp.fuse()
def total(x):
    return (x + 1.0).sum()
