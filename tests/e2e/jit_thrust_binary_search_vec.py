# run: --kernel jit_thrust_binary_search_vec --grid 1 --block 128 x=@jit_thrust_binary_search_vec.x.npy y=@jit_thrust_binary_search_vec.y.npy z=zeros:bool:128x200
# check: z
# input: x = np.sort(rng.integers(0, 200, (128, 160)), axis=-1).astype(np.int32)
# input: y = rng.integers(0, 200, (128, 200)).astype(np.int32)
# CuPy 14.2's test_thrust.py test_binary_search_vec: a range of values, the results through an output iterator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_binary_search_vec(x, y, z):
    i = jit.threadIdx.x
    array = x[i]
    value = y[i]
    output = z[i]
    jit.thrust.binary_search(
        jit.thrust.seq,
        array.begin(), array.end(),
        value.begin(), value.end(),
        output.begin())
