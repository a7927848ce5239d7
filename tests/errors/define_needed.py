# Names pykc cannot evaluate say so and suggest --define (issue 7 §4)
import cupy as cp
import scipy.constants as sc
from cupyx import jit
from qttools.config import THREADS_PER_BLOCK

HBAR = sc.hbar
ROWS = [1, 2, 3]
LABEL = f"run-{THREADS_PER_BLOCK}"


@jit.rawkernel()
def needs_defines(x: cp.float32[:]):
    x[0] = THREADS_PER_BLOCK
    x[1] = HBAR
    x[2] = ROWS
    x[3] = LABEL
    x[4] = cp.finfo(cp.int32).max
    x[5] = cp.finfo(cp.float32).huge
    x[6] = cp.iinfo(cp.float32).max
    x[7] = cp.dtype(cp.float32)(1)
    if x < None:
        pass
    x[8] = cp.finfo(cp.float32)
    x[9] = sc.hbar
    x[10] = sc
