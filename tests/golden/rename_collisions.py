# C names are unique by construction (issue 11 item 14; the CPU backend's run of the
# locals is tests/e2e/ext_rename_collisions.py): a kernel and parameters named like C
# macros, device functions named like a libm function and its renamed form, names C
# reserves (_Bool, __x) and a stdio macro (stdin).
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def fmaxf(a):
    return a * 2


@jit.rawkernel(device=True)
def fmaxf_(a):
    return a * 3


@jit.rawkernel()
def M_E(EOF: cp.int32, NULL: cp.float32[:], stdin: cp.int32):
    _Bool = EOF + stdin
    __x = 1
    fmaxf__ = 2
    NULL[0] = fmaxf(_Bool) + fmaxf_(__x) + fmaxf__
