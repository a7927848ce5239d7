# run: --kernel jit_thrust_equal --grid 1 --block 256 x=@jit_thrust_equal.x.npy y=@jit_thrust_equal.y.npy z=zeros:int32:256
# check: z
# input: x = np.random.default_rng(22).integers(1, 10, (256, 256)).astype(np.int32)
# input: y = (lambda a: (a.__setitem__((100, 200), 0), a.__setitem__((7, 0), 0), a.__setitem__((255, 255), 0), a)[-1])(np.random.default_rng(22).integers(1, 10, (256, 256)).astype(np.int32))
# CuPy 14.2's test_thrust.py test_equal: y is x with three elements changed (rows 7, 100, 255); z is int32 (bool stored).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_equal(x, y, z):
    i = jit.threadIdx.x
    x_array = x[i]
    y_array = y[i]
    z[i] = jit.thrust.equal(
        jit.thrust.device,
        x_array.begin(),
        x_array.end(),
        y_array.begin(),
    )
