# run: --kernel _fused_log_odds a=@real5f_ora_logodds.a.npy b=@real5f_ora_logodds.b.npy c=@real5f_ora_logodds.c.npy d=@real5f_ora_logodds.d.npy correction=0.5:float64
# check: out tol=1e-12
# input: a = rng.integers(0, 6, (4, 5)).astype(np.float64)
# input: b = rng.integers(1, 9, (4, 5)).astype(np.float64)
# input: c = rng.integers(1, 9, (4, 5)).astype(np.float64)
# input: d = np.where(rng.random((4, 5)) < 0.3, -0.5, rng.integers(1, 30, (4, 5)).astype(np.float64))
# A published program (a GPU over-representation analysis of gene sets, Fisher's test and
# log odds ratios; found by the code index): `xp = cp.get_array_module(a)` in a bare
# `@cp.fuse`, xp.where(ratio == 0, 0, xp.log(ratio)) with a Python int 0, np.float64
# correction.
import cupy as cp
import numpy as np


@cp.fuse
def _fused_log_odds(a, b, c, d, correction):
    xp = cp.get_array_module(a)
    ratio = ((a + correction) * (d + correction)) / (
        (b + correction) * (c + correction)
    )
    return xp.where(ratio == 0, 0, xp.log(ratio))
