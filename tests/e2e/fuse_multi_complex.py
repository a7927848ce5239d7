# run: --kernel ccenter z=@fuse_multi_complex.z.npy
# check: out0 out1 tol=1e-5
# input: z = (rng.standard_normal((5, 3)) + 1j * rng.standard_normal((5, 3))).astype(np.complex64)
# @cupy.fuse on complex64: the columns centred by their sums (a post-map reading z) and
# the product of each row.
import cupy as cp


@cp.fuse()
def ccenter(z):
    return z - z.sum(axis=0) / 5, z.prod(axis=1)
