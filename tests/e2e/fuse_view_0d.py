# run: --kernel pick v=@fuse_view_0d.v.npy
# check: out
# input: v = rng.standard_normal(6).astype(np.float64)
# @cupy.fuse: v[3] and v[-1] of a 1-d array are 0-d arrays, and so is the result (CuPy's
# fuse returns a 0-d array: the shape of its operands).
import cupy as cp


@cp.fuse()
def pick(v):
    return v[3] * v[-1] - v[0]
