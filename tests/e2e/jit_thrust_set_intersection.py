# run: --kernel jit_thrust_set_intersection --grid 1 --block 1 x=@jit_thrust_set_intersection.x.npy y=@jit_thrust_set_intersection.y.npy out=zeros:int64:10 size=zeros:int64:1
# check: out size
# input: x = np.array([1, 3, 5, 7, 9, 11])
# input: y = np.array([1, 1, 2, 3, 5, 8, 13])
# CuPy 14.2's test_thrust.py test_set_intersection.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_set_intersection(x, y, out, size):
    it = jit.thrust.set_intersection(
        jit.thrust.device,
        x.begin(), x.end(),
        y.begin(), y.end(),
        out.begin())
    size[0] = it - out.begin()
