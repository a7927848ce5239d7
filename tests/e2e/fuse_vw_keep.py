# run: --kernel keep x=@fuse_vw_keep.x.npy y=@fuse_vw_keep.y.npy
# check: out x
# input: x = rng.integers(-50, 50, 9).astype(np.int32)
# input: y = rng.integers(-50, 50, 9).astype(np.int32)
# @cupy.fuse: a value computed from x before a write into another view of x (x[::-1])
# keeps its value after the write (CuPy's new fusion: every value is an array of its
# own, the operations run in order); x read after the write is the new x.
import cupy as cp


@cp.fuse()
def keep(x, y):
    s = x * 2 + y
    v = x[::-1]
    v += y
    return s - x
