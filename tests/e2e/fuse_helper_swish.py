# run: --kernel swish x=@fuse_helper_swish.x.npy
# check: out tol=1e-5
# input: x = (rng.standard_normal(300) * 4).astype(np.float32)
# @cupy.fuse calling plain Python functions of the program (issue 19): CuPy's trace runs
# their bodies, so _sigmoid's and softplus_like's operations join swish's kernel; a
# default argument (beta=1.0) overridden positionally, a local in the helper.
import cupy as cp


def _sigmoid(x):
    return 1 / (1 + cp.exp(-x))


def softplus_like(x, beta=1.0):
    y = x * beta
    return cp.log1p(cp.exp(y)) / beta


@cp.fuse()
def swish(x):
    return x * _sigmoid(x) + softplus_like(x, 2.0)
