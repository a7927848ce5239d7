# run: --kernel rall a=@fuse_view_reduce3.a.npy b=@fuse_view_reduce3.b.npy
# check: out tol=1e-12
# input: a = rng.standard_normal(5)
# input: b = rng.standard_normal(3)
# @cupy.fuse: the sum of every element of the (5, 3) outer product a[:, None] * b[None]
# plus a reversed column a[::-1, None] (axis=None: a 0-d result).
import cupy as cp


@cp.fuse()
def rall(a, b):
    return cp.sum(a[:, None] * b[None] + a[::-1, None])
