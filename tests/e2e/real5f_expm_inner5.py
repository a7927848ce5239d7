# run: --kernel _expm_inner5 E=@real5f_expm_inner5.E.npy A2=@real5f_expm_inner5.A2.npy A4=@real5f_expm_inner5.A4.npy
# check: out0 out1 tol=1e-12
# input: E = np.eye(5, dtype=np.complex128)
# input: A2 = rng.standard_normal((5, 5)) + 1j * rng.standard_normal((5, 5))
# input: A4 = rng.standard_normal((5, 5)) + 1j * rng.standard_normal((5, 5))
# Source: github.com/cupy/cupy, cupyx/scipy/linalg/_matfuncs.py (expm, the degree-5 Pade
# terms): Python float literals times complex128 matrices, a tuple of two.
import cupy


@cupy.fuse
def _expm_inner5(E, A2, A4):
    u = A4 + 420.*A2 + 15120.*E
    v = 30.*A4 + 3360.*A2 + 30240.*E
    return u, v
