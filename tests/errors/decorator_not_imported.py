# A decorator that names something never imported is an error at the decorator (issue 7 §6).
import cupy as cp


@jit.rawkernel()
def k(x: cp.float32[:]):
    x[0] = 1.0


@cupyx.jit.rawkernel()
def k2(x: cp.float32[:]):
    x[0] = 1.0


@rawkernel()
def k3(x: cp.float32[:]):
    x[0] = 1.0
