# run: --kernel various x=@fuse_multi_shapes.x.npy y=@fuse_multi_shapes.y.npy
# check: out0 out1 out2 out3 out4 x y
# input: x = rng.integers(0, 9, (3, 4)).astype(np.int8)
# input: y = rng.integers(0, 9, (3, 4)).astype(np.int8)
# @cupy.fuse: CuPy's TestFusionTuple.test_various_shape: outputs of different shapes
# ((4,) sums and (3, 4) arrays), arguments updated in place, a reduction that reads an
# argument after it was updated.
import cupy as cp


@cp.fuse()
def various(x, y):
    a = x + y
    b = cp.sum(a, axis=0)
    x += b
    c = cp.sum(x, axis=0)
    y += c
    return c, b, x, y, a
