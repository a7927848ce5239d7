# run: --kernel scaled_gap x=@fuse_broadcast.x.npy y=@fuse_broadcast.y.npy a=2.5
# check: out
# input: x = rng.standard_normal((8, 5)).astype(np.float32)
# input: y = rng.standard_normal(5).astype(np.float32)
# @cupy.fuse: a (8, 5) and a (5,) float32 array broadcast against each other, a Python
# float stays weak (float32 * 2.5 is float32), cp.where picks per element.
import cupy as cp


@cp.fuse()
def scaled_gap(x, y, a):
    return cp.where(x > y, x * a, y - x)
