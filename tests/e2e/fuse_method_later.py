# run: --kernel later x=@fuse_method_later.x.npy
# check: out tol=1e-12
# input: x = int_edges(40, np.int8).reshape(4, 10)
# @cupy.fuse: a reduction method in the body's second statement makes the whole function
# CuPy's new fusion's (int8 + 1.0 is float64 there), as in its first.
import cupy as cp


@cp.fuse()
def later(x):
    v = x + 1.0
    return v.sum(axis=1)
