# run: --kernel _cross_sections --grid 1 --block 32 kinetic=@real_heitler.kinetic.npy out=zeros:float64:9
# check: out tol=1e-14
# input: kinetic = np.array([-1.0, 0.0, 1.0, 10.0, 511.0, 1e4, np.inf, np.nan, 1e-3])
# A real program (positron annihilation, PENELOPE): np.float64 module constants (NaN and
# inf among them) returned from a device function, `not (a and b and c)`, cp.sqrt and
# cp.log of doubles.
import cupy as cp
import numpy as np
from cupyx import jit

ELECTRON_REST_KEV = 510.99895
_PI_RE2_ANG2 = 0.24946
F64_ONE = np.float64(1.0)
F64_MC2 = np.float64(ELECTRON_REST_KEV)
F64_PI_RE2 = np.float64(_PI_RE2_ANG2)
F64_NAN = np.float64(np.nan)
F64_INF = np.float64(np.inf)


@jit.rawkernel(device=True)
def _heitler_cross_section_ang2(kinetic_keV):
    """PENELOPE-2024 Eq. 3.189 per free electron [Angstrom^2]."""
    g = F64_ONE + kinetic_keV / F64_MC2
    s2 = g * g - F64_ONE
    if not (kinetic_keV > np.float64(0.0) and s2 > np.float64(0.0) and s2 < F64_INF):
        return F64_NAN
    s = cp.sqrt(s2)
    return (
        F64_PI_RE2
        / ((g + F64_ONE) * s2)
        * ((g * g + np.float64(4.0) * g + F64_ONE) * cp.log(g + s) - (np.float64(3.0) + g) * s)
    )


@jit.rawkernel()
def _cross_sections(kinetic, out):
    i = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    if i < kinetic.size:
        out[i] = _heitler_cross_section_ang2(kinetic[i])
