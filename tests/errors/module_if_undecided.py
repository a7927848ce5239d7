# args: --kernel step
# the same kernel in both arms of an if pykc cannot evaluate: naming it says so
import os
import cupy as cp
from cupyx import jit

USE = os.environ.get("USE") == "1"
if USE and os.name:
    @jit.rawkernel()
    def step(x: cp.float32[:]):
        x[jit.threadIdx.x] = 1
else:
    @jit.rawkernel()
    def step(x: cp.float32[:]):
        x[jit.threadIdx.x] = 2
