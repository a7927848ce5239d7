# run: --kernel div_clip x=@fuse_multi_div_clip.x.npy
# check: out tol=1e-12
# input: x = rng.integers(0, 10, (3, 4)).astype(np.int64)
# @cupy.fuse: CuPy's TestFusionMisc.test_sum_div_clip: a name rebound to an elementwise
# operation on the argument and its sum, then a clip.
import cupy as cp


@cp.fuse()
def div_clip(x):
    x = x / cp.sum(x)
    return cp.clip(x, 0.05, 0.1)
