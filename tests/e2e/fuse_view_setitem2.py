# run: --kernel put2 x=@fuse_view_setitem2.x.npy z=@fuse_view_setitem2.z.npy
# check: z out
# input: x = rng.standard_normal((3, 4)).astype(np.float32)
# input: z = np.zeros((3, 4), np.float64)
# @cupy.fuse: z[:] = x[::-1] casts float32 into float64 ('same_kind'), then z is read
# again and returned with x's columns reversed added.
import cupy as cp


@cp.fuse()
def put2(x, z):
    z[:] = x[::-1]
    return z + x[:, ::-1]
