# run: --kernel mix x=@fuse_view_bcast.x.npy y=@fuse_view_bcast.y.npy z=@fuse_view_bcast.z.npy
# check: out0 out1 out2 tol=1e-6
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: y = rng.standard_normal(4).astype(np.float64)
# input: z = rng.standard_normal(1).astype(np.float32)
# @cupy.fuse views broadcast against the arrays (CuPy's TestIndexingCombination): x + y[1]
# (a 0-d view of float64: float64 result), x + z[0] + y, x + x[0] + x[1], and
# x + x[0, 1] + x[1] + x + x[2, 1].
import cupy as cp


@cp.fuse()
def mix(x, y, z):
    return x + y[1], x + z[0] + y, x + x[0, 1] + x[1] + x + x[2, 1] + x[0]
