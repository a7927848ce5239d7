# run: --kernel reverse y=@fuse_multi_reverse.y.npy z=@fuse_multi_reverse.z.npy
# check: y z
# input: y = rng.integers(-100, 100, 7).astype(np.int32)
# input: z = rng.standard_normal((3, 5))
# @cupy.fuse: writing an array with its own reverse (y[:] = y[::-1]): CuPy's new fusion
# copies an input that shares memory with the output first, so y is reversed; the same
# on the rows of a 2-D float64 array, scaled.
import cupy as cp


@cp.fuse()
def reverse(y, z):
    y[:] = y[::-1]
    z[...] = z[::-1] * 2
