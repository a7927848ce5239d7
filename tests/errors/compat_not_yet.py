# args: --sig 'cplx(complex64[:], float32)'
# cupyx.jit features that docs/language.md §6 leaves for later get "not supported yet", not
# "unknown name": CUB, cooperative groups, Thrust, warp match functions, ufuncs
# outside pykc's math set, complex parameters (reported once, at the parameter).
import cupy as cp
from cupyx import jit
from cupyx.jit import cg


@jit.rawkernel()
def later(x: cp.float32[:, :], y: cp.float32[:]):
    WarpReduce = jit.cub.WarpReduce[cp.float32]
    g = cg.this_grid()
    y[0] = jit.thrust.count(jit.thrust.device, x, x + 32, 0)
    m = jit.match_any_sync(0xffffffff, y[1])
    y[2] = cp.ldexp(y[3], 2) + cp.logaddexp(y[4], y[5])
    y[6] = cp.real(y[7])


@jit.rawkernel()
def cplx(z, s):
    z[0] = z[1] * s
