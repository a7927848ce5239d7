# run: --kernel jit_thrust_complex_sort --grid 1 --block 32 x=@jit_thrust_complex_sort.x.npy v=@jit_thrust_complex_sort.v.npy f=zeros:int32:32x7
# check: x v f
# input: x = rng.choice(np.array([0, -0.0, complex(0, -0.0), 1, 1j, -1j, 1 + 1j, 1 - 1j, 2, 2, -3, complex(np.nan, 0), complex(0, np.nan), complex(1, np.nan), complex(np.inf, 1), complex(0, -np.inf)], np.complex64), (3, 32, 70))
# input: v = np.tile(np.arange(70, dtype=np.int32), (32, 1))
# pykc's case: thrust's ordered algorithms on complex64 keys: CuPy's thrust::complex has
# NumPy's order (cupy/complex/arithmetic.h's operator<: real parts, then imaginary; false
# where the two are ==), so sort, stable_sort and sort_by_key compile in cupyx.jit; with NaN
# parts, ties and signed zeros the result is thrust's merge sort's own. Then lower_bound,
# upper_bound, binary_search, is_sorted_until, and unique (==) on the stable-sorted rows.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_complex_sort(x, v, f):
    i = jit.threadIdx.x
    jit.thrust.sort(jit.thrust.seq, x[0, i].begin(), x[0, i].end())
    jit.thrust.stable_sort(jit.thrust.device, x[1, i].begin(), x[1, i].end())
    jit.thrust.sort_by_key(jit.thrust.seq, x[2, i].begin(), x[2, i].end(), v[i].begin())
    lo, hi = x[1, i].begin(), x[1, i].end()
    f[i, 0] = jit.thrust.lower_bound(jit.thrust.seq, lo, hi, cp.complex64(1)) - lo
    f[i, 1] = jit.thrust.upper_bound(jit.thrust.seq, lo, hi, cp.complex64(0)) - lo
    f[i, 2] = jit.thrust.lower_bound(jit.thrust.seq, lo, hi, x[1, i][35]) - lo
    f[i, 3] = jit.thrust.binary_search(jit.thrust.seq, lo, hi, cp.complex64(1j))
    f[i, 4] = jit.thrust.binary_search(jit.thrust.seq, lo, hi, cp.complex64(5))
    f[i, 5] = jit.thrust.is_sorted_until(jit.thrust.seq, lo, hi) - lo
    f[i, 6] = jit.thrust.unique(jit.thrust.seq, x[0, i].begin(), x[0, i].end()) - x[0, i].begin()
