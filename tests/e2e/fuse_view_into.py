# run: --kernel into x=@fuse_view_into.x.npy y=@fuse_view_into.y.npy
# check: x
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: y = rng.standard_normal(4).astype(np.float32)
# @cupy.fuse writes into a view of an argument: x[1][...] = v (the view's __setitem__,
# elementwise_copy with out=the view) updates row 1 of the caller's x, x[2][:] row 2
# reversed; nothing is returned.
import cupy as cp


@cp.fuse()
def into(x, y):
    x[1][...] = y * 3
    x[2][::-1][:] = y
