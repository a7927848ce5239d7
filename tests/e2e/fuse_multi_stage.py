# run: --kernel stage x=@fuse_multi_stage.x.npy
# check: out0 out1
# input: x = rng.integers(-3, 4, (3, 4, 5)).astype(np.int64)
# @cupy.fuse: multistage reductions (a reduction of a reduction's result) as CuPy's
# tests write them: the product over axis 1 summed over its last axis, and the product
# over axes (-1, 1) summed over everything.
import cupy as cp


@cp.fuse()
def stage(x):
    return x.prod(axis=1).sum(axis=1), x.prod(axis=(-1, 1)).sum()
