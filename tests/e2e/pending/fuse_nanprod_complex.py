# run: --kernel nprod z=@fuse_nanprod_complex.z.npy
# check: out tol=1e-5
# input: z = np.array([[1+1j, complex(np.nan, 2), 0.5-1j, complex(2, np.nan)], [complex(np.nan, np.nan), 1j, 2+0j, 1-1j], [1+0j, 1+0j, 1+0j, 1+0j]], dtype=np.complex64)
# @cupy.fuse: cp.nanprod of complex64 values along axis 1, CuPy's
# cupy_nanprod_complex_dtype: each NaN *part* becomes 1 (complex(nan, 2) counts as 1+2j),
# where NumPy's nanprod takes a value with a NaN part as 1 (the GPU's outputs decide).
import cupy as cp


@cp.fuse()
def nprod(z):
    return cp.nanprod(z, axis=1)
