# run: --kernel _calc_R term=-2.5 dotproduct=@real4_rsc_calc_r.dotproduct.npy
# check: out tol=1e-6
# input: dotproduct = rng.uniform(-1, 1, (4, 6)).astype(np.float32)
# Modelled on github.com/scverse/rapids_singlecell, src/rapids_singlecell/preprocessing/
# _harmony/_fuses.py (d1cd06c4): Harmony's soft cluster assignment, a bare `@cp.fuse`
# (no call) over a function with annotations (`term: float`, `dotproduct: cp.ndarray`,
# `-> cp.ndarray`), a Python float times (1 - float32 array) in cp.exp: the result is
# float32 (a Python scalar does not widen an array).
from __future__ import annotations

import cupy as cp


@cp.fuse
def _calc_R(term: float, dotproduct: cp.ndarray) -> cp.ndarray:
    return cp.exp(term * (1 - dotproduct))
