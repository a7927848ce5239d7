# run: --kernel value_write x=@fuse_vw_value_write.x.npy y=@fuse_vw_value_write.y.npy
# check: out0 out1
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int16)
# input: y = rng.integers(-50, 50, 4).astype(np.int16)
# @cupy.fuse: writes into views of a computed value (a row, the value reversed): the
# value itself sees them, as its reduction does.
import cupy as cp


@cp.fuse()
def value_write(x, y):
    z = x + 1
    r = z[0]
    r += y
    w = z[::-1]
    w *= 2
    return z, z.sum(0)
