# run: --kernel mixed x=@fuse_view_mixed.x.npy w=@fuse_view_mixed.w.npy
# check: out
# input: x = rng.integers(-9, 9, (2, 3, 4)).astype(np.int16)
# input: w = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
# @cupy.fuse views that mix ints, slices, None and Ellipsis (CuPy's test_indexing.py
# keys): w[1, ..., 3] (3, 4), x[1, None, ::-1, None, 2][0] (3, 1), and views of views
# (x[::-1][0, :, ::-1], x[1][::-1]).
import cupy as cp


@cp.fuse()
def mixed(x, w):
    b = x[1, None, ::-1, None, 2]
    return w[1, ..., 3] + x[1][::-1] + b[0] * x[::-1][0, :, ::-1]
