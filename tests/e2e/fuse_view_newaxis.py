# run: --kernel outer a=@fuse_view_newaxis.a.npy b=@fuse_view_newaxis.b.npy
# check: out0 out1
# input: a = rng.standard_normal(5).astype(np.float32)
# input: b = rng.standard_normal(3).astype(np.float32)
# @cupy.fuse views with None (numpy.newaxis): a[:, None] - b[None, :] is the (5, 3)
# table of differences; b[None] is a (1, 3) row, a[:, None, None][:, 0] a (5, 1) column.
import cupy as cp


@cp.fuse()
def outer(a, b):
    return a[:, None] - b[None, :], b[None] * a[:, None, None][:, 0]
