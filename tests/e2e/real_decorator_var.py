# run: --kernel scale_rows --grid 1 --block 64 a=@real_decorator_var.a.npy out=zeros:float32:64 n=64:int64
# check: out tol=1e-6
# input: a = rng.standard_normal(64).astype(np.float32)
# Modelled on a published terrain ray-caster's cupyx.jit backend: the decorators made once
# and kept in module variables (`_device = jit.rawkernel(device=True, mode="cuda")`,
# `@_device`, `@_global`), float literals taking the other operand's type in "cuda" mode,
# cupy ufuncs reached through a types.SimpleNamespace.
from types import SimpleNamespace

import cupy as cp
from cupyx import jit

MATH = SimpleNamespace(sqrt=cp.sqrt, atan2=cp.arctan2, isfinite=cp.isfinite)
_device = jit.rawkernel(device=True, mode="cuda")
_global = jit.rawkernel(mode="cuda")


@_device
def norm2(x, y):
    return MATH.sqrt(x * x + y * y)


@_global
def scale_rows(a, out, n):
    i = jit.grid(1)
    if i < n:
        v = a[i]
        r = norm2(v, 0.5)
        if MATH.isfinite(r):
            out[i] = r * 2.0 + MATH.atan2(v, 1.0)
