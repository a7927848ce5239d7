# run: --kernel red_ew x=@fuse_multi_red_ew.x.npy y=@fuse_multi_red_ew.y.npy
# check: out tol=1e-12
# input: x = rng.standard_normal((5, 7))
# input: y = rng.integers(-9, 9, (7, 3)).astype(np.int8)
# @cupy.fuse: two reductions and an elementwise operation on their results (float64 sum
# over axis 0 plus the int8 sum over axis 1, which sums as int64): a (7,) float64 array.
import cupy as cp


@cp.fuse()
def red_ew(x, y):
    return x.sum(axis=0) + y.sum(axis=1) * 2
