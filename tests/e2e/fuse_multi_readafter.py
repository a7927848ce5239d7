# run: --kernel readafter x=@fuse_multi_readafter.x.npy y=@fuse_multi_readafter.y.npy
# check: out x
# input: x = rng.integers(0, 100, (3, 4)).astype(np.int64)
# input: y = rng.integers(0, 100, 4).astype(np.int64)
# @cupy.fuse: a row written through a view, then the whole array read through another
# view: the read sees the write (CuPy's new fusion runs the operations in order).
import cupy as cp


@cp.fuse()
def readafter(x, y):
    x[0][...] = y
    return x[::-1] + 1
