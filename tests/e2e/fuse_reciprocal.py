# run: --kernel recip i=@fuse_reciprocal.i.npy z=@fuse_reciprocal.z.npy
# check: out0 out1 tol=1e-6
# input: i = np.array([0, 1, -1, 2, -2, 7, 0, 1], dtype=np.int32)
# input: z = np.array([1+1j, 2-0.5j, -3j, 0.25+0j, 1e-3+1e3j, -1-1j, 4+3j, 1j], dtype=np.complex64)
# @cupy.fuse: cp.reciprocal as CuPy's cupy_reciprocal: of an integer `in0 == 0 ? 0 :
# (1 / in0)` (zero gives 0; NumPy's differs, the GPU's outputs decide), of a complex value
# `in0_type(1) / in0` (its F and D loops).
import cupy as cp


@cp.fuse()
def recip(i, z):
    return cp.reciprocal(i), cp.reciprocal(z)
