# run: --kernel view_shapes x=@fuse_multi_view_shapes.x.npy y=@fuse_multi_view_shapes.y.npy
# check: out0 out1 out2
# input: x = rng.standard_normal((4, 6)).astype(np.float32)
# input: y = rng.standard_normal((4, 6)).astype(np.float32)
# @cupy.fuse with views, whose operations each have their own shape in CuPy's new fusion:
# outputs of shapes (4, 6), (6,) and (4,).
import cupy as cp


@cp.fuse()
def view_shapes(x, y):
    return x + 1, y[0] * 2, x[:, 0] - y[:, -1]
