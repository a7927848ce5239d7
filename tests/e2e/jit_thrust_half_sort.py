# run: --kernel jit_thrust_half_sort --grid 1 --block 32 x=@jit_thrust_half_sort.x.npy v=@jit_thrust_half_sort.v.npy f=zeros:int32:32x8
# check: x v f
# input: x = rng.choice(np.array([np.nan, 0.0, -0.0, 1.0, -1.0, 0.5, np.inf, -np.inf, 65504.0, 6e-08, 2.0, 2.0, -3.5, 0.1], np.float16), (3, 32, 75))
# input: v = np.tile(np.arange(75, dtype=np.int32), (32, 1))
# pykc's case: thrust's sort, stable_sort and sort_by_key of float16 (CuPy's float16 class:
# `<` compares in float) with NaN, ties and signed zeros, 75 long (insertion sorts of 32, then
# merges), the values showing where each key went; the searches, is_sorted and count on the
# stable-sorted rows.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_half_sort(x, v, f):
    i = jit.threadIdx.x
    jit.thrust.sort(jit.thrust.seq, x[0, i].begin(), x[0, i].end())
    jit.thrust.stable_sort(jit.thrust.device, x[1, i].begin(), x[1, i].end())
    jit.thrust.sort_by_key(jit.thrust.seq, x[2, i].begin(), x[2, i].end(), v[i].begin())
    lo, hi = x[1, i].begin(), x[1, i].end()
    f[i, 0] = jit.thrust.lower_bound(jit.thrust.seq, lo, hi, cp.float16(0.0)) - lo
    f[i, 1] = jit.thrust.upper_bound(jit.thrust.seq, lo, hi, cp.float16(-0.0)) - lo
    f[i, 2] = jit.thrust.lower_bound(jit.thrust.seq, lo, hi, cp.float16(2.0)) - lo
    f[i, 3] = jit.thrust.upper_bound(jit.thrust.seq, lo, hi, x[1, i][40]) - lo
    f[i, 4] = jit.thrust.binary_search(jit.thrust.seq, lo, hi, cp.float16(0.5))
    f[i, 5] = jit.thrust.is_sorted(jit.thrust.seq, lo, hi)
    f[i, 6] = jit.thrust.is_sorted_until(jit.thrust.seq, lo, hi) - lo
    f[i, 7] = jit.thrust.count(jit.thrust.seq, lo, hi, cp.float16(-0.0))
