# run: --kernel jit_thrust_set_union --grid 1 --block 1 x=@jit_thrust_set_union.x.npy y=@jit_thrust_set_union.y.npy out=zeros:int64:10 size=zeros:int64:1
# check: out size
# input: x = np.array([0, 1, 2, 4, 6, 7])
# input: y = np.array([1, 2, 5, 8])
# CuPy 14.2's test_thrust.py test_set_union.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_set_union(x, y, out, size):
    it = jit.thrust.set_union(
        jit.thrust.device,
        x.begin(), x.end(),
        y.begin(), y.end(),
        out.begin())
    size[0] = it - out.begin()
