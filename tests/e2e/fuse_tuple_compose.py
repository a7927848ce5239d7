# run: --kernel both x=@fuse_tuple_compose.x.npy y=@fuse_tuple_compose.y.npy
# check: out0 out1 tol=1e-6
# input: x = (rng.standard_normal(32) * 4).astype(np.float64)
# input: y = (rng.standard_normal(32) * 4).astype(np.float64)
# @cupy.fuse: a composed fuse function's tuple (`t = pair(x, y)`), indexed and returned
# through a name: CuPy's trace runs pair's Python inside both's.
import cupy as cp


@cp.fuse()
def pair(x, y):
    return x + y, x * y


@cp.fuse()
def both(x, y):
    t = pair(x, y)
    r = (t[1] - t[0], t[0])
    return r
