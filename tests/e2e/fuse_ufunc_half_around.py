# run: --kernel halfround x=@fuse_ufunc_half_around.x.npy y=@fuse_ufunc_half_around.y.npy
# check: out tol=2e-3
# input: x = (rng.standard_normal(64) * 3).astype(np.float16)
# input: y = (rng.standard_normal(64) * 2).astype(np.float16)
# @cupy.fuse: float16 around to one decimal (CuPy's _round_ufunc in float).
import cupy as cp


@cp.fuse()
def halfround(x, y):
    return cp.around(x, 1) + y
