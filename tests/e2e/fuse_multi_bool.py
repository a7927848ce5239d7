# run: --kernel anyall x=@fuse_multi_bool.x.npy
# check: out0 out1 out2
# input: x = rng.random((4, 5)) < 0.3
# @cupy.fuse on bool: two reductions of a bool array (any over axis 0, all of it) and
# the count of True per row minus the count in the whole array (int64 sums).
import cupy as cp


@cp.fuse()
def anyall(x):
    return x.any(axis=0), x.all(), x.sum(axis=1) - x.sum()
