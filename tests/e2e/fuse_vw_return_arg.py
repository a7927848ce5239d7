# run: --kernel return_arg x=@fuse_vw_return_arg.x.npy y=@fuse_vw_return_arg.y.npy
# check: out0 out1 x
# input: x = rng.integers(-50, 50, (3, 4)).astype(np.int32)
# input: y = rng.integers(-50, 50, 4).astype(np.int32)
# @cupy.fuse returning an argument and a view of it as they are, after writes through
# another view and into the argument: both show every write.
import cupy as cp


@cp.fuse()
def return_arg(x, y):
    v = x[::-1]
    x[1][...] = y
    x += 1
    return x, v
