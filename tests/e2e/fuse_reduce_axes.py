# run: --kernel half_sumsq x=@fuse_reduce_axes.x.npy
# check: out tol=1e-12
# input: x = rng.standard_normal((6, 7, 8))
# @cupy.fuse with a reduction over two axes (a tuple axis) and a post-map on its result:
# half the sum of squares per middle index, plus one.
import cupy as cp


@cp.fuse()
def half_sumsq(x):
    return cp.sum(x * x, axis=(0, 2)) * 0.5 + 1
