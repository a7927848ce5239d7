# run: --kernel early --grid 3 --block 64 x=@early_return.x.npy o=zeros:int32:192 n=150
# check: o
# input: x = rng.integers(-100, 100, 192).astype(np.int32)
# A bare `return` ends the thread early; `pass` and a docstring are no-ops.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def early(x: cp.int32[:], o: cp.int32[:], n: cp.int32):
    """Threads past n and threads with a negative input stop early."""
    i = jit.grid(1)
    if i >= n:
        return
    if x[i] < 0:
        o[i] = -1
        return
    else:
        pass
    o[i] = x[i] * 2
