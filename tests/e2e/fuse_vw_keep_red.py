# run: --kernel keep_red x=@fuse_vw_keep_red.x.npy y=@fuse_vw_keep_red.y.npy
# check: out0 out1 x tol=1e-12
# input: x = rng.standard_normal((4, 5))
# input: y = rng.standard_normal(5)
# @cupy.fuse: c computed from x, then a row of x overwritten (x[0][...] = y), then c
# reduced and multiplied with the new x: c keeps x's values from before the write.
import cupy as cp


@cp.fuse()
def keep_red(x, y):
    c = x - y
    x[0][...] = y
    m = c.sum(0)
    return m + x[0], c * x
