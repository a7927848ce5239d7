# run: --kernel fill x=@fuse_setitem.x.npy y=arange:int32:4x8 w=@fuse_setitem.w.npy
# check: x y w
# input: x = rng.standard_normal((4, 8)).astype(np.float32)
# input: w = rng.standard_normal(8).astype(np.float16)
# @cupy.fuse: x[:] = v and x[...] = v are cupy_copy with out=x (a Python float takes its
# float16 loop, then the cast into x); a function without a return returns None (CuPy's
# no_return): its effect is the arguments it updates.
import cupy as cp


@cp.fuse()
def fill(x, y, w):
    x[:] = -cp.inf
    y[...] = y * 2 + 1
    w[:] = w * 1e5
