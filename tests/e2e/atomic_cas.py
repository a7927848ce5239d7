# run: --kernel acas --grid 1 --block 64 ai=@atomic_cas.ai.npy ci=@atomic_cas.ci.npy au=@atomic_cas.au.npy aq=@atomic_cas.aq.npy ah=@atomic_cas.ah.npy oi=zeros:int32:64 ou=zeros:uint32:64 oq=zeros:uint64:64 oh=zeros:uint16:64 cnt=zeros:int32:1
# input: ai = rng.integers(0, 4, 64).astype(np.int32)
# input: ci = rng.integers(0, 4, 64).astype(np.int32)
# input: au = rng.integers(0, 4, 64).astype(np.uint32)
# input: aq = rng.integers(0, 4, 64).astype(np.uint64)
# input: ah = rng.integers(0, 4, 64).astype(np.uint16)
# atomic_cas(array, index, compare, value) on int32, uint32, uint64, uint16, each thread on
# its own element, plus a CAS loop incrementing one counter.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def acas(ai: cp.int32[:], ci: cp.int32[:], au: cp.uint32[:], aq: cp.uint64[:],
         ah: cp.uint16[:], oi: cp.int32[:], ou: cp.uint32[:], oq: cp.uint64[:],
         oh: cp.uint16[:], cnt: cp.int32[:]):
    i = jit.threadIdx.x
    oi[i] = jit.atomic_cas(ai, i, ci[i], ci[i] + 100)
    ou[i] = jit.atomic_cas(au, i, cp.uint32(2), cp.uint32(77))
    oq[i] = jit.atomic_cas(aq, i, cp.uint64(1), cp.uint64(1) << 50)
    oh[i] = jit.atomic_cas(ah, i, cp.uint16(3), cp.uint16(65535))
    done = False
    while not done:
        seen = cnt[0]
        done = jit.atomic_cas(cnt, 0, seen, seen + 1) == seen
