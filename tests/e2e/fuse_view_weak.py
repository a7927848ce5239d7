# run: --kernel row_plus x=@fuse_view_weak.x.npy
# check: out tol=1e-12
# input: x = int_edges(12, np.int8).reshape(3, 4)
# @cupy.fuse with a view: CuPy 14.2's cupy.fuse traces with its old fusion first, whose
# values cannot be indexed, and then with its new fusion, which types int8 + 1.0 as
# float64 (a Python float of a higher kind than every array is not weak there), not as
# the old fusion's float16.
import cupy as cp


@cp.fuse()
def row_plus(x):
    return x[0] + 1.0
