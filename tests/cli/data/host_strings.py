# String constants of host code (pykc run reads them as Python does): a module-level
# string compared in an if and in a conditional expression, a factory's string default
# picking a dtype, a SimpleNamespace holding a string.
import types

import cupy as cp
from cupyx import jit

PRECISION = "float64"
MODE = 'fast'
CFG = types.SimpleNamespace(kind="sum")
DT = cp.float64 if PRECISION == "float64" else cp.float32

if MODE == "fast":
    SCALE = 2.0
elif MODE != "slow":
    SCALE = 3.0
else:
    SCALE = 4.0


def make(precision="float32", gain=1.5):
    ft = cp.float32 if precision == "float32" else cp.float64

    @jit.rawkernel()
    def k(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = ft(x[i]) * ft(gain) + DT(SCALE) + (1.0 if CFG.kind == "sum" else 0.0)
    return k


k = make()


@jit.rawkernel()
def bad(x):
    x[0] = PRECISION
