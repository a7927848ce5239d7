# run: --kernel mint --grid 1 --block 64 n=@math_int_args.n.npy l=@math_int_args.l.npy o=zeros:float32:4x64 oi=zeros:int32:2x64
# check: o oi
# input: n = np.concatenate([np.array([0, 1, 4, 9, 16, 2, 3, 65504, 65519, 65520, 100000, -4], np.int32), rng.integers(0, 3000, 52).astype(np.int32)])
# input: l = np.concatenate([np.array([0, 1, 70000, -70000], np.int64), rng.integers(-2000, 2000, 60)])
# Math functions on integers pick the first loop every argument reaches (mode='cuda'):
# cp.sqrt(int32) is the float16 loop, computed as C float.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mint(n: cp.int32[:], l: cp.int64[:], o: cp.float32[:, :], oi: cp.int32[:, :]):
    i = jit.threadIdx.x
    o[0, i] = cp.sqrt(n[i])
    o[1, i] = cp.floor(l[i])
    o[2, i] = cp.sqrt(l[i])
    o[3, i] = cp.fabs(n[i])
    oi[0, i] = cp.absolute(n[i])
    oi[1, i] = cp.minimum(n[i], 100)
