# run: --kernel soft x=@fuse_defaults.x.npy
# check: out tol=1e-6
# input: x = (rng.standard_normal(300) * 3).astype(np.float32)
# @cupy.fuse: Python default arguments (the call gives only x; eps and n are the Python
# float and int of the defaults, weak: the result stays float32); a for loop over range().
import cupy as cp


@cp.fuse()
def soft(x, eps=1e-3, n=3):
    d = cp.abs(x) + eps
    p = d
    for _ in range(2):
        p = p * d
    return x / p + d ** n
