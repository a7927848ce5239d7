# run: --kernel jit_thrust_constant_args --grid 1 --block 32 x=zeros:float32:32x40 k=@jit_thrust_constant_args.k.npy r=zeros:float64:32x5
# check: x r
# input: k = np.sort(rng.integers(0, 4, (32, 40)), axis=1).astype(np.int32)
# jit.thrust's constant iterator as an algorithm's input and in arithmetic (issue 22 §3):
# copy, reduce, equal, reduce_by_key's values, it + n, it - n, it - it.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_constant_args(x: cp.float32[:, :], k: cp.int32[:, :], r: cp.float64[:, :]):
    i = jit.threadIdx.x
    n = i + 8
    c = jit.thrust.make_constant_iterator(cp.float32(i) * cp.float32(0.5))
    last = c + n + 3 - 3
    end = jit.thrust.copy(jit.thrust.device, c, last, x[i].begin())
    r[i, 0] = end - x[i].begin()
    r[i, 1] = last - c
    r[i, 2] = jit.thrust.reduce(jit.thrust.seq, c, last, 1.0)
    r[i, 3] = jit.thrust.equal(jit.thrust.seq, x[i].begin(), x[i].begin() + n, c)
    kk = k[i]
    ends = jit.thrust.reduce_by_key(jit.thrust.seq, kk.begin(), kk.end(), c,
                                    kk.begin(), x[i].begin())
    r[i, 4] = ends[1] - x[i].begin()
