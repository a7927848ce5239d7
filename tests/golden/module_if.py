# Module-level if/elif/else (issue 7 §1): pykc evaluates the condition and takes the arm
# Python takes; definitions in the arms not taken do not exist, constants bound in the
# taken arm are constants, in the order Python binds them
import cupy as cp
from cupyx import jit

MODE = 2
OPT = None
if MODE == 1:
    SCALE = 10.0

    @jit.rawkernel()
    def pick(x: cp.float32[:]):
        x[jit.threadIdx.x] = 1
elif MODE == 2:
    SCALE = 20.0

    @jit.rawkernel()
    def pick(x: cp.float32[:]):
        x[jit.threadIdx.x] = SCALE
else:
    SCALE = 30.0

    @jit.rawkernel()
    def pick(x: cp.float32[:]):
        x[jit.threadIdx.x] = 3

if OPT is None:
    BIAS = 1
    if SCALE > 15:
        BIAS = 2
else:
    BIAS = 5

if not True:
    @jit.rawkernel()
    def never(x: cp.float32[:]):
        x[0] = not_defined_anywhere

try:
    if OPT is not None:
        LIMIT = 0
    elif MODE:
        LIMIT = 7
except ImportError:
    LIMIT = -1


@jit.rawkernel()
def use_bias(x: cp.float32[:]):
    x[jit.threadIdx.x] = BIAS * SCALE + LIMIT
