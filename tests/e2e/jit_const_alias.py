# run: --kernel scale_rows --grid 2 --block 32 x=@jit_const_alias.x.npy y=zeros:float32:48 z=zeros:float64:48 n=48
# check: y z tol=1e-6
# input: x = (rng.random(48) * 50).astype(np.float32)
# A kernel's top level binds names to compile-time values that are no numbers, as cupyx
# keeps them (_compile.py's env.consts): a dtype (`dt = cupy.float64`, then called as a
# cast), a ufunc (`sq = cupy.sqrt`), a device function (`f = halve`), an np.finfo
# object (`fi = numpy.finfo(numpy.float32)`, read as fi.eps) and jit.threadIdx (read as
# tid.x). Seen in published cupyx.jit programs that alias a precision's dtype in the
# kernel body; pykc refused `dt = cupy.float64` ("is a dtype, not a value").
import numpy
import cupy
from cupyx import jit


@jit.rawkernel(device=True)
def halve(v):
    return v / 2


@jit.rawkernel()
def scale_rows(x, y, z, n):
    dt = cupy.float64
    sq = cupy.sqrt
    f = halve
    fi = numpy.finfo(numpy.float32)
    tid = jit.threadIdx
    i = jit.blockIdx.x * jit.blockDim.x + tid.x
    if i < n:
        y[i] = sq(x[i]) + f(x[i])
        z[i] = dt(x[i]) * fi.eps + dt(1) / 3
