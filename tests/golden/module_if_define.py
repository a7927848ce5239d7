# args: -D FAST=0
# A module-level if on a name pykc cannot see (imported): --define picks the arm
import cupy as cp
from cupyx import jit
from config import FAST

if FAST:
    @jit.rawkernel()
    def step(x: cp.float32[:]):
        x[jit.threadIdx.x] = 1
else:
    @jit.rawkernel()
    def step(x: cp.float32[:]):
        x[jit.threadIdx.x] = 2
