# run: --kernel jit_thrust_mismatch_iterator --grid 1 --block 5 x1=@jit_thrust_mismatch_iterator.x1.npy x2=@jit_thrust_mismatch_iterator.x2.npy out1=zeros:int32:5 out2=zeros:int32:5
# check: out1 out2
# input: x1 = np.random.default_rng(5).random((5, 256)).astype(np.float32) * 20000
# input: x2 = (lambda a: [a.__setitem__(ij, -1) for ij in ((0, 0), (1, 100), (2, 30), (3, 200))] and a)(np.random.default_rng(5).random((5, 256)).astype(np.float32) * 20000)
# CuPy 14.2's test_thrust.py test_mismatch_iterator: a pair of iterators indexed [0], [1].
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_mismatch_iterator(x1, x2, out1, out2):
    i = jit.threadIdx.x
    x1_array = x1[i]
    x2_array = x2[i]
    pair = jit.thrust.mismatch(
        jit.thrust.device,
        x1_array.begin(),
        x1_array.end(),
        x2_array.begin(),
    )
    out1[i] = pair[0] - x1_array.begin()
    out2[i] = pair[1] - x2_array.begin()
