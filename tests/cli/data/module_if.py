# module-level if/else, a factory and a class (issue 7 §1); tests/cli/module_if.sh
import cupy as cp
from cupyx import jit

def make_scale(factor=3):
    @jit.rawkernel()
    def scale(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = x[i] * factor
    return scale

USE = True  # tests/cli/module_if.sh flips it with sed
if USE:
    @jit.rawkernel()
    def k(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = x[i] + 1
else:
    @jit.rawkernel()
    def k(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = x[i] - 1

class Ops:
    @staticmethod
    @jit.rawkernel()
    def twice(x, y, n):
        i = jit.grid(1)
        if i < n:
            y[i] = x[i] * 2
