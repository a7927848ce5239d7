# run: --kernel rows x=@fuse_view_int.x.npy
# check: out0 out1
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int32)
# @cupy.fuse views by integers (CuPy's new fusion, call_indexing): x[1] and x[-1] are rows
# of x (shape (4,)), x[1, 2] and x[-1, -2] 0-d arrays that broadcast against them.
import cupy as cp


@cp.fuse()
def rows(x):
    return x[1] * 2 + x[-1], x[1, 2] - x[-1, -2] + x[0]
