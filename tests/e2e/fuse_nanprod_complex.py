# run: --kernel nprod z=@fuse_nanprod_complex.z.npy
# check: out tol=1e-5
# input: z = np.array([[1+1j, complex(np.nan, 2), 0.5-1j, complex(2, np.nan)], [complex(np.nan, np.nan), 1j, 2+0j, 1-1j], [1+0j, 1+0j, 1+0j, 1+0j]], dtype=np.complex64)
# @cupy.fuse: cp.nanprod of complex64 values along axis 1 as CuPy's fuse computes it: the
# product (its fusions drop the map that would make a NaN part 1: CuPy's GPU gives NaN
# where NumPy's nanprod skips the value).
import cupy as cp


@cp.fuse()
def nprod(z):
    return cp.nanprod(z, axis=1)
