# Idioms from real cupyx.jit programs that must compile unchanged: float('inf') and
# cp.float32('nan') are folded as cupyx folds a call on constants; a module constant
# that picks a dtype with a constant condition (CP_FLOAT = ... if SINGLE else ...) is a
# dtype alias; locals and kernels named like CUDA math functions (exp, fmin) are renamed
# so that they neither hide nor clash with the functions the emitted code calls.
import cupy as cp
from cupyx import jit

SINGLE_PRECISION = True
CP_FLOAT = cp.float32 if SINGLE_PRECISION else cp.float64
CP_ONE = CP_FLOAT(1.0)
HALF = 1 if not SINGLE_PRECISION else 0.5


@jit.rawkernel()
def fmin(w: cp.float32[:], d: cp.float64[:]):
    w[0] = float('inf')
    w[1] = float(' -Infinity\n')
    w[2] = cp.float32('nan')
    d[0] = float('1_000.5')
    exp = cp.exp(d[1])
    d[2] = exp + cp.exp(exp)
    w[3] = CP_FLOAT(d[3]) + CP_ONE * HALF
