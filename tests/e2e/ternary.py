# run: --kernel tern --grid 1 --block 64 x=@ternary.x.npy y=@ternary.y.npy o=zeros:int32:3x64 of=zeros:float32:64
# check: o of
# input: x = rng.integers(-50, 50, 64).astype(np.int32)
# input: y = rng.integers(-50, 50, 64).astype(np.int32)
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def tern(x: cp.int32[:], y: cp.int32[:], o: cp.int32[:, :], of: cp.float32[:]):
    i = jit.threadIdx.x
    o[0, i] = x[i] if x[i] > y[i] else y[i]
    o[1, i] = 1 if x[i] % 2 == 0 else -1
    o[2, i] = (x[i] if x[i] > 0 else -x[i]) if y[i] > 0 else 0
    of[i] = 0.5 if x[i] > 0 else 1.5
