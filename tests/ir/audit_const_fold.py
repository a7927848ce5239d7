# Compile-time calls, as cupyx makes them on constants: math.NAME gives a Python number
# (math.floor an int), np.NAME a numpy scalar (np.sqrt(2) is float64), abs of a numpy
# scalar stays in its type. Module constants computed by host Python: subscripts, nested
# tuples, conditional expressions, min/max. cp.floor/ceil/trunc of integers are the
# identity (CuPy's integer loops).
import math

import numpy as np
import cupy as cp
from cupyx import jit

N = 10
T = (4, (8, 16))
INNER = T[1][1]
NEG = -T[0] if T[0] > 2 else 5
LIMIT = min(N, 7) * max(2, 3, 1)
ROOT = math.sqrt(2)


@jit.rawkernel()
def k(f: cp.float64[:], i: cp.int32[:]):
    i[0] = math.floor(7 / 2) + INNER + NEG + LIMIT
    f[0] = ROOT + math.log(10.0)
    f[1] = np.sqrt(2) / 3
    f[2] = np.sqrt(np.float32(2))
    i[1] = abs(cp.int8(-128))
    i[2] = cp.floor(i[3]) + cp.trunc(cp.uint8(7))
    f[3] = math.isnan(1.0)
