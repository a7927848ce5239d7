# args: --sig 'k(float32[:], float32[:])'
# NumPy's and CuPy's whole-array routines run on the host: a kernel calling one is told
# what a kernel does instead (not "unknown name").
import cupy as cp
import numpy as np
from cupyx import jit


@jit.rawkernel()
def k(x, y):
    t = cp.zeros(3)
    x[0] = np.sum(y)
    x[1] = cp.dot(x, y)
    x[2] = np.sinc(y[0])
