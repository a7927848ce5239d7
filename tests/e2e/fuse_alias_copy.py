# run: --kernel alias x=@fuse_alias_copy.x.npy y=@fuse_alias_copy.y.npy
# check: out0 out1 out2 x
# input: x = (rng.standard_normal((8, 16)) * 4).astype(np.float32)
# input: y = rng.integers(-50, 50, 16).astype(np.int16)
# @cupy.fuse: x op= y updates the array in place, so every name bound to it sees the
# update (u is t); .copy() is a new array (cupy_copy); x itself, an argument, is updated
# in place for the caller; a scalar op= rebinds (Python's fallback without __iop__).
import cupy as cp


@cp.fuse()
def alias(x, y):
    t = x * 2
    u = t
    c = t.copy()
    t += y
    t *= 3
    s = 2
    s += 1
    x -= s
    return u, c, x + 0
