# Module-level complex constants keep both parts in kernels (issue 8: they were folded to 0)
import cupy as cp
from cupyx import jit
C = 1.5 + 2j
D = complex(-1, 0.25)
T = (2j, 3)

@jit.rawkernel()
def k(x: cp.complex64[:], y: cp.complex128[:]):
    x[0] = x[0] * C + D
    x[1] = T[0]
    y[0] = y[0] * C
