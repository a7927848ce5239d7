# run: --kernel zero_d x=@fuse_multi_0d.x.npy y=@fuse_multi_0d.y.npy
# check: out0 out1 tol=1e-6
# input: x = np.array(2.5, dtype=np.float32)
# input: y = rng.standard_normal(7).astype(np.float16)
# @cupy.fuse with a 0-d array: its sum (0-d) against a float16 array and its sum
# (float16 sums accumulate in float).
import cupy as cp


@cp.fuse()
def zero_d(x, y):
    return x.sum() * y - y.sum(), y.sum() + x
