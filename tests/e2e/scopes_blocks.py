# run: --kernel in_with --grid 2 --block 4 x=arange:int32:8 out=zeros:int32:8
# check: out
# Kernels under module-level try/with/if blocks, with the decorator spelt as
# `import cupyx` + `@cupyx.jit.rawkernel()`, `from cupyx.jit import rawkernel` and a
# conditional decorator whose else branch is a lambda (host code) (issue 7 §1, §2).
import contextlib

import cupy as cp
import cupyx

try:
    from cupyx import jit
    from cupyx.jit import rawkernel
except ImportError:
    jit = None

STEP = 7

if STEP > 0:
    @cupyx.jit.rawkernel()
    def in_if(x, out):
        out[0] = x[0]

with contextlib.suppress(Exception):
    @jit.rawkernel() if jit else (lambda f: f)
    def in_with(x, out):
        i = jit.grid(1)
        out[i] = x[i] * STEP - x[i]
