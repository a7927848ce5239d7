# run: --kernel bcast_write x=@fuse_vw_bcast_write.x.npy b=@fuse_vw_bcast_write.b.npy s=@fuse_vw_bcast_write.s.npy
# check: out x tol=1e-12
# input: x = rng.standard_normal((3, 4))
# input: b = rng.standard_normal(4)
# input: s = rng.standard_normal((3, 1))
# @cupy.fuse: writes whose values broadcast into the array: a row vector, a column, a
# Python scalar into a row, then the rows read back.
import cupy as cp


@cp.fuse()
def bcast_write(x, b, s):
    x += b
    x *= s
    x[1][...] = 0.5
    x[...] = cp.maximum(x, 0.0)
    return x[0] + b
