# math.NAME of constants is computed at compile time as Python does; where Python raises
# (math domain or range error), so does pykc.
import math

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def k(x: cp.float64[:]):
    x[0] = math.sqrt(-1.0)
    x[1] = math.exp(1000.0)
    x[2] = math.floor(math.inf)
    x[3] = math.log(0.0)
    x[4] = math.sqrt(math.inf)
