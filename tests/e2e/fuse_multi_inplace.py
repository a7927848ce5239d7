# run: --kernel inplace x=@fuse_multi_inplace.x.npy y=@fuse_multi_inplace.y.npy
# check: y
# input: x = rng.integers(0, 10, (3, 5)).astype(np.int32)
# input: y = rng.integers(0, 10, (3, 5)).astype(np.int32)
# @cupy.fuse: CuPy's TestFusionReductionAndElementwise.test_postmap_inplace: an update,
# a reduction, an update with the reduction's result; the function returns None.
import cupy as cp


@cp.fuse()
def inplace(x, y):
    y += x
    res = cp.sum(x, 0)
    y += res
