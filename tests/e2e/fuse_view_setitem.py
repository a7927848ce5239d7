# run: --kernel put x=@fuse_view_setitem.x.npy y=@fuse_view_setitem.y.npy
# check: y
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: y = np.zeros(4, np.float32)
# @cupy.fuse writes of views: y[...] = x[1] * 2 and y[:] = ... write into the argument y
# (its __setitem__: elementwise_copy with out=y); nothing is returned.
import cupy as cp


@cp.fuse()
def put(x, y):
    y[...] = x[1] * 2
    y[:] = y + x[-1, ::-1]
