# run: --kernel lda_c_pw_mod_cupy_ rho=@real5f_pyfock_pw.rho.npy
# check: out0 out1 tol=1e-12
# input: rho = np.concatenate([rng.random(30) * 2, [0.0, 1e-14, 1e-6, 5.0]])
# Source: github.com/manassharma07/PyFock, its LDA_C_PW_MOD functional (the CuPy version,
# taken from eminus): `from cupy import fuse` and @fuse(kernel_name=...), a parameter
# rebound to cp.maximum(rho, 1e-12), local Python float constants and their Python
# arithmetic (`2 * A`, `2 / 3 * a1`: host values, not float16 ufunc calls), a cube root
# `** (1 / 3)`, a tuple of two.
try:
    import cupy as cp
    from cupy import fuse
except Exception as e:
    # Handle the case when Cupy is not installed
    cp = None
    # Define a dummy fuse decorator for CPU version
    def fuse(kernel_name):
        def decorator(func):
            return func 
        return decorator
import numpy as np


@fuse(kernel_name='lda_c_pw_mod_cupy_')
def lda_c_pw_mod_cupy_(rho):
    # From https://github.com/wangenau/eminus
    # Corresponds to the functional with the label LDA_C_PW_MOD and ID 13 in Libxc.
    # Reference: Phys. Rev. B 45, 13244.

    rho = cp.maximum(rho, 1e-12)

    A = 0.0310907
    a1 = 0.2137 
    b1 = 7.5957 
    b2 = 3.5876 
    b3 = 1.6382 
    b4 = 0.49294

    rs = (3 / (4 * cp.pi * rho))**(1 / 3)
    rs12 = cp.sqrt(rs)
    rs32 = rs * rs12
    rs2 = rs**2

    om = 2 * A * (b1 * rs12 + b2 * rs + b3 * rs32 + b4 * rs2)
    olog = cp.log(1 + 1 / om)
    ec = -2 * A * (1 + a1 * rs) * olog

    dom = 2 * A * (0.5 * b1 * rs12 + b2 * rs + 1.5 * b3 * rs32 + 2 * b4 * rs2)
    vc = -2 * A * (1 + 2 / 3 * a1 * rs) * olog - 2 / 3 * A * (1 + a1 * rs) * dom / (om * (om + 1))

    return ec, vc
