# run: --kernel nsum x=@fuse_nansum.x.npy
# check: out tol=1e-5
# input: x = np.where(rng.random((6, 40)) < 0.2, np.nan, rng.standard_normal((6, 40))).astype(np.float32)
# @cupy.fuse: cp.nansum(x * 2, axis=1) + 1 as CuPy's fuse computes it: cupy_nansum's loops
# and `a + b`, without its map `(in0 == in0) ? in0 : 0`, which both of CuPy's fusions drop
# (a row with a NaN is NaN on CuPy's GPU); a pre-map and a post-map.
import cupy as cp


@cp.fuse()
def nsum(x):
    return cp.nansum(x * 2, axis=1) + 1
