# run: --kernel boundary x=@fuse_vw_boundary.x.npy g=@fuse_vw_boundary.g.npy lr=0.5
# check: out x tol=1e-5
# input: x = rng.standard_normal((4, 6)).astype(np.float32)
# input: g = rng.standard_normal((4, 6)).astype(np.float32)
# @cupy.fuse as update steps are written: an in-place step, the first and last rows set
# (negative index), then the array's sum.
import cupy as cp


@cp.fuse()
def boundary(x, g, lr):
    x -= lr * g
    x[0][...] = 0
    x[-1][...] = x[1]
    return x.sum()
