# run: --kernel ell x=@fuse_view_ellipsis.x.npy
# check: out0 out1 tol=1e-12
# input: x = rng.standard_normal((2, 3, 4)).astype(np.float64)
# @cupy.fuse views with Ellipsis: x[...] is x, x[..., ::-1] reverses the last axis,
# x[1, ...] is x[1] (3, 4), x[..., 2, None] the (2, 3, 1) column of the last axis,
# x[(Ellipsis,)] as x[...].
import cupy as cp


@cp.fuse()
def ell(x):
    return x[...] + x[..., ::-1] * x[1, ...], x[..., 2, None] - x[(Ellipsis,)]
