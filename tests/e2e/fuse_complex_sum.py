# run: --kernel csum z=@fuse_complex_sum.z.npy x=@fuse_complex_sum.x.npy
# check: out tol=1e-5
# input: z = (rng.standard_normal((8, 500)) + 1j * rng.standard_normal((8, 500))).astype(np.complex64)
# input: x = rng.standard_normal(500).astype(np.float32)
# @cupy.fuse ending in cp.sum of complex64 values along the last axis (cupy_sum's F->F
# loop: a ReductionKernel with reduce_type complex<float>).
import cupy as cp


@cp.fuse()
def csum(z, x):
    return cp.sum(z * x + 1j, axis=-1)
