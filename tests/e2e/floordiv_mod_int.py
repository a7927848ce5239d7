# run: --kernel divmod32 --grid 2 --block 128 a=@floordiv_mod_int.a.npy b=@floordiv_mod_int.b.npy q=zeros:int32:256 r=zeros:int32:256
# input: a = np.concatenate([np.array([7, -7, 7, -7, 0, 5, -5, 2147483647, -2147483647], np.int32), rng.integers(-40, 41, 247).astype(np.int32)])
# input: b = np.concatenate([np.array([2, 2, -2, -2, 3, 0, 0, -3, 5], np.int32), rng.integers(-6, 7, 247).astype(np.int32)])
# Python floor division and modulo on int32, every sign combination; by zero gives 0.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def divmod32(a: cp.int32[:], b: cp.int32[:], q: cp.int32[:], r: cp.int32[:]):
    i = jit.grid(1)
    if i < a.shape[0]:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
