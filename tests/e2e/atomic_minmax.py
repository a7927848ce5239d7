# run: --kernel amm --grid 2 --block 128 a=@atomic_minmax.a.npy u=@atomic_minmax.u.npy q=@atomic_minmax.q.npy mi=@atomic_minmax.mi.npy mu=@atomic_minmax.mu.npy mq=@atomic_minmax.mq.npy
# input: a = int_edges(256, 'int32')
# input: u = int_edges(256, 'uint32')
# input: q = int_edges(256, 'uint64')
# input: mi = np.array([0, 0, 2**31 - 1, -2**31], np.int32)
# input: mu = np.array([5, 5, 2**32 - 1, 0], np.uint32)
# input: mq = np.array([7, 7, 2**64 - 1, 0], np.uint64)
# atomic_min / atomic_max on int32, uint32, uint64 (order-independent results).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def amm(a: cp.int32[:], u: cp.uint32[:], q: cp.uint64[:], mi: cp.int32[:],
        mu: cp.uint32[:], mq: cp.uint64[:]):
    i = jit.grid(1)
    jit.atomic_min(mi, 0, a[i])
    jit.atomic_max(mi, 1, a[i])
    jit.atomic_min(mi, 2, a[i])
    jit.atomic_max(mi, 3, a[i])
    jit.atomic_min(mu, 0, u[i])
    jit.atomic_max(mu, 1, u[i])
    jit.atomic_min(mu, 2, u[i])
    jit.atomic_max(mu, 3, u[i])
    jit.atomic_min(mq, 0, q[i])
    jit.atomic_max(mq, 1, q[i])
    jit.atomic_min(mq, 2, q[i])
    jit.atomic_max(mq, 3, q[i])
