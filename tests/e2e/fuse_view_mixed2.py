# run: --kernel cols x=@fuse_view_mixed2.x.npy
# check: out
# input: x = rng.integers(-9, 9, (2, 3, 4)).astype(np.int16)
# @cupy.fuse: x[:, 0, ::-1] (2, 4) and x[0][1] (4,), a view of a view, added.
import cupy as cp


@cp.fuse()
def cols(x):
    a = x[:, 0, ::-1]
    return a * 3 + x[0][1]
