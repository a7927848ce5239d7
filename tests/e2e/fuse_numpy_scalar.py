# run: --kernel scale x=@fuse_numpy_scalar.x.npy s=2.5:float64 n=3:int64 w=0.5
# check: out0 out1 out2 tol=1e-6
# input: x = (rng.standard_normal(64) * 3).astype(np.float32)
# @cupy.fuse: scalars given with a dtype are NumPy scalars (numpy.float64(2.5),
# numpy.int64(3)): strong, so float32 * float64 is float64; w (no dtype) is a Python float:
# weak, float32 stays.
import cupy as cp


@cp.fuse()
def scale(x, s, n, w):
    return x * s, x + n, x * w
