# args: -D THREADS_PER_BLOCK=256 --define HBAR=1.0545718176461565e-34:float32 -DDT=float64 --define=FLAG=true -D SCALE=0x10:uint8 -D OFF=None
# --define supplies what pykc cannot see: imports from other modules, library calls (issue 7 §4)
import cupy as cp
import scipy.constants as sc
from cupyx import jit
from qttools.config import THREADS_PER_BLOCK

HBAR = sc.hbar
DT = cp.dtype(cp.float32)
FLAG = False
BLOCKS = THREADS_PER_BLOCK // 32


@jit.rawkernel()
def use_defines(x: cp.float32[:], y: cp.float64[:], n: cp.int32[:]):
    i = jit.threadIdx.x
    x[i] = HBAR * 2
    y[i] = DT(1) / 3
    n[i] = BLOCKS + THREADS_PER_BLOCK + SCALE
    if FLAG and OFF is None:
        n[0] = 0
