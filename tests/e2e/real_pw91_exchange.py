# run: --kernel pw91_x_temp_cupy rho=@real_pw91_exchange.rho.npy sigma=@real_pw91_exchange.sigma.npy
# check: out0 out1 out2 tol=1e-13
# input: rho = rng.random(40) * 2 + 1e-3
# input: sigma = np.where(np.arange(40) % 7 == 0, 0.0, rng.random(40) * 3)
# A published program (PyFock, density functional theory: the PW91 exchange enhancement
# and its derivatives): `from cupy import fuse` inside a try whose except defines a
# fallback `fuse`, @fuse(kernel_name=...), float locals, cp.maximum with a Python float,
# cp.sqrt, cp.arcsinh, cp.exp, `** (1 / 3)`, `den**2`, cp.pi, three values returned.
# (The module's numba twins and its pyfock imports are left out.)
try:
    import cupy as cp
    from cupy import fuse
except Exception as e:
    cp = None
    def fuse(kernel_name):
        def decorator(func):
            return func
        return decorator
import numpy as np


@fuse(kernel_name='pw91_x_temp_cupy')
def pw91_x_temp_cupy(rho, sigma):
    """
    CuPy version of PW91 exchange intermediate computation.
    """
    a1 = 0.19645
    a2 = 7.7956
    a3 = 0.2743
    a4 = 0.1508
    a5 = 100.0
    a = 0.004

    sigma = cp.maximum(sigma, 1e-30)
    norm_dn = cp.sqrt(sigma)
    kf = (3 * cp.pi**2 * rho) ** (1 / 3)
    divkf = 1.0 / kf
    s = norm_dn * divkf / (2 * rho)

    s2 = s * s
    s3 = s2 * s
    s4 = s2 * s2

    asinh_val = cp.arcsinh(a2 * s)
    exp_val = cp.exp(-a5 * s2)
    num = 1 + a1 * s * asinh_val + (a3 - a4 * exp_val) * s2
    den = 1 + a1 * s * asinh_val + a * s4
    Fx = num / den

    exunif = -3 * kf / (4 * cp.pi)

    dasinh = a2 / cp.sqrt(1 + a2**2 * s2)
    dnum_ds = a1 * asinh_val + a1 * s * dasinh + 2 * a3 * s - 2 * a4 * exp_val * s + 2 * a4 * a5 * s3 * exp_val
    dden_ds = a1 * asinh_val + a1 * s * dasinh + 4 * a * s3
    dFx_ds = (dnum_ds * den - num * dden_ds) / den**2

    sx = exunif * (Fx - 1)

    dsdn = -4.0 / 3.0 * s
    dexunif = exunif / 3.0

    vx = sx + dexunif * (Fx - 1) + exunif * dFx_ds * dsdn
    vsigmax = exunif * dFx_ds * divkf / (2 * norm_dn)

    return sx * rho, vx, vsigmax
