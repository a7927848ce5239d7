# run: --kernel view_value x=@fuse_multi_view_value.x.npy y=@fuse_multi_view_value.y.npy
# check: out0 out1
# input: x = rng.integers(-50, 50, (5, 7)).astype(np.int16)
# input: y = rng.integers(-50, 50, (5, 7)).astype(np.int16)
# @cupy.fuse: views of computed values (CuPy's new fusion: every value is an array, and
# indexing one is a view of it): a row of x + 1 and x * y reversed along its rows.
import cupy as cp


@cp.fuse()
def view_value(x, y):
    return (x + 1)[0], (x * y)[::-1]
