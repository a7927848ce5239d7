# run: --kernel casts --grid 1 --block 64 f=@casts.f.npy d=@casts.d.npy n=@casts.n.npy g=@casts.g.npy oi=zeros:int32:64x6 of=zeros:float64:64x4 ob=zeros:bool:64x4
# check: oi of ob
# input: f = np.concatenate([np.array([2.5, -2.5, 2.9999, -0.9, 1e9, -1e9, 0.0, 127.7], np.float32), (rng.standard_normal(56) * 300).astype(np.float32)])
# input: d = np.concatenate([np.array([0.1, 1e-50, 3e38, -2.5], np.float64), rng.standard_normal(60) * 1e5])
# input: n = int_edges(64, 'int32')
# input: g = special_floats(64)
# Casts are 'unsafe' conversions: cp.int32(x), int(), float(), bool(), narrowing casts wrap.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def casts(f: cp.float32[:], d: cp.float64[:], n: cp.int32[:], g: cp.float32[:],
          oi: cp.int32[:, :], of: cp.float64[:, :], ob: cp.bool[:, :]):
    i = jit.threadIdx.x
    oi[i, 0] = cp.int32(f[i])
    oi[i, 1] = int(f[i])
    oi[i, 2] = cp.int8(n[i])
    oi[i, 3] = cp.uint8(n[i])
    oi[i, 4] = cp.int16(n[i])
    oi[i, 5] = cp.int32(cp.int64(n[i]) * 5)
    of[i, 0] = float(n[i])
    of[i, 1] = cp.float32(d[i])
    of[i, 2] = cp.float16(f[i])
    of[i, 3] = cp.float64(f[i]) / 3
    ob[i, 0] = bool(g[i])
    ob[i, 1] = bool(n[i])
    ob[i, 2] = bool(g[i] > 0)
    ob[i, 3] = bool(cp.uint8(n[i]))
