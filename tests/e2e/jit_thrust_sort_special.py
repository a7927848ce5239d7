# run: --kernel jit_thrust_sort_special --grid 1 --block 64 x=@jit_thrust_sort_special.x.npy y=@jit_thrust_sort_special.y.npy
# check: x y
# input: x = np.stack([np.random.default_rng(i).permutation(special_floats(200, "float32")) for i in range(64)])
# input: y = np.tile(np.arange(200, dtype=np.int32), (64, 1))
# pykc's case: sort_by_key of float32 keys with NaN, +-inf and +-0 (no strict weak order:
# the result is thrust's merge sort's own), the values showing where each key went.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_sort_special(x, y):
    i = jit.threadIdx.x
    jit.thrust.sort_by_key(jit.thrust.seq, x[i].begin(), x[i].end(), y[i].begin())
