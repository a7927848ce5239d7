# run: --kernel cminred z=@fuse_complex_minred.z.npy
# check: out
# input: z = np.array([[1+2j, 1+5j, -3+9j, 1-1j, 0.5+7j], [2+0j, complex(np.nan, 0), 7+1j, -1j, 3+3j], [complex(-np.inf, 1), complex(-np.inf, -2), complex(-np.inf, 0), complex(-np.inf, 5), complex(-np.inf, -np.inf)], [4+4j, 4-4j, 4+0j, complex(4, np.nan), complex(2, np.inf)], [0j, -0j, 1e30+1j, -1e30-1j, 1e-30+0j], [5+1j, 5+1j, 5+1j, 5+1j, 5+1j]], dtype=np.complex64)
# @cupy.fuse: a complex min reduction (cp.amin(z, axis=1)), CuPy's cupy_min F->F loop:
# my_min_float (a NaN wins, else complex.cuh's min: the real parts first, then the
# imaginary ones); ties of real parts, infinite parts, one NaN in a row, a row of -inf
# real parts (fuse_complex_maxred: z.max() of the same).
import cupy as cp


@cp.fuse()
def cminred(z):
    return cp.amin(z, axis=1)
