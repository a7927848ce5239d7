# np.dtype, np.finfo, np.iinfo and x.dtype inside a kernel are compile-time values (issue 7 §3)
import cupy as cp
from cupyx import jit
dt = cp.float32

@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = cp.dtype(dt).type(cp.inf)
    x[1] = cp.finfo(dt).eps + cp.iinfo(cp.int8).max
    x[2] = dt(0)
    x[3] = x.dtype.type(2) + x.dtype.itemsize
