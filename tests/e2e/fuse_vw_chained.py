# run: --kernel chained x=@fuse_vw_chained.x.npy y=@fuse_vw_chained.y.npy
# check: out0 out1 x
# input: x = rng.integers(-50, 50, (3, 5)).astype(np.int32)
# input: y = rng.integers(-50, 50, 5).astype(np.int32)
# @cupy.fuse: chained views: the last row as x[::-1][0] updated in place, a row reversed
# (x[1][::-1]), and x[..., ::-1][None].
import cupy as cp


@cp.fuse()
def chained(x, y):
    r = x[::-1][0]
    r += y
    c = x[1][::-1]
    return c * 2, x[..., ::-1][None]
