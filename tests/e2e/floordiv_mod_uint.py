# run: --kernel divmod_u --grid 1 --block 64 u=@floordiv_mod_uint.u.npy v=@floordiv_mod_uint.v.npy w=@floordiv_mod_uint.w.npy o=zeros:uint32:3x64 ow=zeros:uint64:2x64
# check: o ow
# input: u = int_edges(64, 'uint32')
# input: v = np.concatenate([np.array([0, 1, 2, 3], np.uint32), rng.integers(0, 70000, 60).astype(np.uint32)])
# input: w = int_edges(64, 'uint64')
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def divmod_u(u: cp.uint32[:], v: cp.uint32[:], w: cp.uint64[:], o: cp.uint32[:, :],
             ow: cp.uint64[:, :]):
    i = jit.threadIdx.x
    o[0, i] = u[i] // v[i]
    o[1, i] = u[i] % v[i]
    o[2, i] = u[i] // 3
    ow[0, i] = w[i] // 1000
    ow[1, i] = w[i] % 1000
