# Kernels wherever Python puts them (issue 7 §1, §2): a class body (plain and
# @staticmethod), a factory function (its constant locals and parameter defaults),
# module-level if/else, try/except and with blocks; every spelling of the decorator.
import contextlib

import cupy as cp
import cupyx
import cupyx.jit as jit
from cupyx.jit import rawkernel

try:
    from cupyx import jit as cjit
except ImportError:
    cjit = None

kern = jit.rawkernel(mode="cuda")
SCALE = 2
if not SCALE:
    jit = None                      # a fallback under an if keeps the module


class Ops:
    LIMIT = 10                      # class names are not visible in methods, as in Python

    @staticmethod
    @jit.rawkernel()
    def scale(x: cp.float32[:], out: cp.float32[:]):
        i = jit.grid(1)
        out[i] = x[i] * SCALE

    @jit.rawkernel(device=True)
    def twice(v):
        return v + v


def make(offset=3, dtype=cp.int32):
    N = 5
    M = N * offset

    @rawkernel()
    def add(x: cp.int32[:], out: cp.int32[:]):
        i = jit.grid(1)
        out[i] = x[i] * offset + M + dtype(1)

    return add


if SCALE > 1:
    @cupyx.jit.rawkernel()
    def in_if(x: cp.float32[:]):
        x[0] = 1.0
else:
    pass

try:
    @kern
    def in_try(x: cp.float32[:]):
        x[0] = 2.0
except Exception:
    pass

with contextlib.suppress(Exception):
    @jit.rawkernel() if cjit else (lambda f: f)
    def in_with(x: cp.float32[:]):
        x[0] = 3.0


@jit.rawkernel(mode="numpy")
def add(x: cp.int32[:], out: cp.int32[:]):
    out[0] = x[0] + 1


@jit.rawkernel()
def use_class(x: cp.int32[:]):
    x[0] = Ops.twice(x[0]) + Ops.LIMIT       # a class's device function and constant
