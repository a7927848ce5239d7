# run: --kernel trace_rows --grid 2 --block 8 hgt=@jit_namespace_math.hgt.npy orig=@jit_namespace_math.orig.npy dirs=@jit_namespace_math.dirs.npy out=zeros:float32:2x20
# check: out tol=1e-5
# input: hgt = np.where(rng.random((7, 5)) < 0.1, np.nan, rng.random((7, 5))).astype(np.float32)
# input: orig = rng.random((20, 2)) * 10
# input: dirs = rng.random((20, 2))
# Modelled on a published terrain ray caster's CuPy backend (pix2geo): the kernels' math
# comes through a types.SimpleNamespace of CuPy ufuncs and a float64 NaN (`M.isfinite`,
# `M.atan2`, `M.degrees`, `M.sqrt`, `M.nan`), the decorators are objects bound to names
# first (`_device = jit.rawkernel(device=True, mode="cuda")`, then `@_device`), the walk
# is float32 through dtype aliases (`F(0.5)`, `I(x)`), a device function returns from a
# `while` loop, `F(M.nan)` makes the early return float32 like the last, and a device
# function without a return value stores into two rows.
import math
from types import SimpleNamespace

import cupy as cp
import numpy as np
from cupyx import jit

M = SimpleNamespace(nan=np.float64(math.nan), sqrt=cp.sqrt, atan2=cp.arctan2,
                    degrees=cp.degrees, isfinite=cp.isfinite)
F = cp.float32
I = cp.int32

_device = jit.rawkernel(device=True, mode="cuda")
_global = jit.rawkernel(mode="cuda")


@_device
def walk(hgt, x, y, limit):
    acc = F(0.0)
    steps = I(0)
    while steps < limit:
        xi = I(x) % hgt.shape[0]
        yi = I(y) % hgt.shape[1]
        h = hgt[xi, yi]
        if not M.isfinite(h):
            return F(M.nan)
        acc += h * F(0.5)
        x += F(1.25)
        y += F(0.75)
        steps += 1
    return M.degrees(M.atan2(acc, F(steps))) + M.sqrt(acc * acc)


@_device
def trace_ray(hgt, orig, dirs, r, out):
    lim = I(3 + r % 4)
    v = walk(hgt, orig[r, 0] + dirs[r, 0], orig[r, 1] + dirs[r, 1], lim)
    out[0, r] = v
    out[1, r] = lim


@_global
def trace_rows(hgt, orig, dirs, out):
    tid = jit.grid(1)
    for r in range(tid, dirs.shape[0], jit.gridsize(1)):
        trace_ray(hgt, orig, dirs, r, out)
