# run: --kernel dims a=@fuse_view_ndim.a.npy b=@fuse_view_ndim.b.npy c=@fuse_view_ndim.c.npy
# check: out tol=1e-6
# input: a = rng.standard_normal(6).astype(np.float32)
# input: b = rng.standard_normal((5, 6)).astype(np.float32)
# input: c = rng.standard_normal((4, 5, 6)).astype(np.float32)
# @cupy.fuse views of 1-d, 2-d and 3-d arrays in one expression: a[::-1] (6,),
# b[::-1][2] (6,), c[3, ::-1] (5, 6) and c[:, 2][:, None] (4, 1, 6) with b (5, 6): the
# result is (4, 5, 6).
import cupy as cp


@cp.fuse()
def dims(a, b, c):
    return a[::-1] + b[::-1][2] * c[3, ::-1] - c[:, 2][:, None] + b
