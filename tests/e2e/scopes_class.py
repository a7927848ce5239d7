# run: --kernel Ops.scale --grid 1 --block 8 x=arange:float32:8 out=zeros:float32:8
# check: out
# A kernel in a class body (@staticmethod), named by its qualified name (issue 7 §1).
import cupy as cp
from cupyx import jit


class Ops:
    BIAS = 100.0                    # class names are not visible in methods

    @staticmethod
    @jit.rawkernel()
    def scale(x, out):
        i = jit.grid(1)
        out[i] = x[i] * 2.0 + 1.0
