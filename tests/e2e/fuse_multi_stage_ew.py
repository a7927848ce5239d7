# run: --kernel stage_ew x=@fuse_multi_stage_ew.x.npy
# check: out tol=1e-5
# input: x = (rng.random((3, 4, 5)) * 2).astype(np.float32)
# @cupy.fuse: a reduction, an elementwise operation mixing its (4, 5) result with the
# (3, 4, 5) input, a second reduction of that and a post-map: (3, 4) float32.
import cupy as cp


@cp.fuse()
def stage_ew(x):
    return (cp.sqrt(x).prod(axis=0) + x).sum(axis=1) * 2
