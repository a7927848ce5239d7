# run: --kernel center x=@fuse_multi_center.x.npy n=37.0
# check: out tol=1e-5
# input: x = rng.standard_normal((37, 5)).astype(np.float32)
# @cupy.fuse: an elementwise operation after a reduction that reads the arrays again
# (x minus its column means: the post-map reads x, which CuPy's old fusion refuses).
import cupy as cp


@cp.fuse()
def center(x, n):
    return x - cp.sum(x, axis=0) / n
