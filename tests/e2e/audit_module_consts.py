# run: --kernel audit_consts --grid 1 --block 32 x=@audit_module_consts.x.npy o=zeros:float32:32 oi=zeros:int32:32
# check: o oi tol=1e-6
# input: x = rng.standard_normal(32).astype(np.float32)
# Module-level constants computed by host Python (subscripts of constant tuples, nested
# tuples, conditional expressions, min/max, math functions) and math functions of
# constants inside a kernel (Python calls them at compile time: math.floor gives an int).
import math

import cupy as cp
from cupyx import jit

N = 10
SIZES = (4, (8, 16))
FIRST = SIZES[0]
INNER = SIZES[1][1]
NEG = -SIZES[0] if SIZES[0] > 2 else 5
LIMIT = min(N, 7) * max(2, 3, 1)
BLOCKS = math.ceil(N / 4)
ROOT = math.sqrt(2)


@jit.rawkernel()
def audit_consts(x, o, oi):
    i = jit.threadIdx.x
    acc = 0
    for j in range(math.ceil(N / 4)):
        acc += j
    oi[i] = FIRST + INNER + NEG + LIMIT + BLOCKS + acc + math.floor(7 / 2) + SIZES[1][0]
    o[i] = x[i] * ROOT + math.log(10.0) + math.fabs(-0.5)
