# run: --kernel rmax c=@fuse_view_reduce2.c.npy w=@fuse_view_reduce2.w.npy
# check: out
# input: c = rng.integers(-100, 100, (4, 5, 6)).astype(np.int32)
# input: w = rng.integers(-3, 3, 6).astype(np.int32)
# @cupy.fuse: the max over the last axis of c[::-1] + w[None] - c[:, 0, None] (a view
# that broadcasts along the reduced axis); the result is (4, 5).
import cupy as cp


@cp.fuse()
def rmax(c, w):
    return (c[::-1] + w[None] - c[:, 0, None]).max(axis=-1)
