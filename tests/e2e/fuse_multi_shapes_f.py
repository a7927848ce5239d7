# run: --kernel various x=@fuse_multi_shapes_f.x.npy y=@fuse_multi_shapes_f.y.npy
# check: out0 out1 out2 out3 out4 x y tol=1e-5
# input: x = rng.standard_normal((3, 5)).astype(np.float32)
# input: y = rng.standard_normal((3, 5)).astype(np.float32)
# @cupy.fuse: TestFusionTuple.test_various_shape on float32 (3, 5) arrays.
import cupy as cp


@cp.fuse()
def various(x, y):
    a = x + y
    b = cp.sum(a, axis=0)
    x += b
    c = cp.sum(x, axis=0)
    y += c
    return c, b, x, y, a
