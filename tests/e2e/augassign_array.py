# run: --kernel aug --grid 1 --block 64 x=@augassign_array.x.npy y=@augassign_array.y.npy f=@augassign_array.f.npy m=@augassign_array.m.npy q=@augassign_array.q.npy
# input: x = rng.integers(-1000, 1000, 64).astype(np.int32)
# input: y = rng.integers(1, 50, 64).astype(np.int32)
# input: f = (rng.standard_normal(64) * 10).astype(np.float32)
# input: m = rng.integers(-50, 50, (64, 3)).astype(np.int64)
# input: q = rng.integers(0, 256, 64).astype(np.uint8)
# Augmented assignment on array elements with every operator.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def aug(x: cp.int32[:], y: cp.int32[:], f: cp.float32[:], m: cp.int64[:, :],
        q: cp.uint8[:]):
    i = jit.threadIdx.x
    x[i] += 3
    x[i] -= y[i]
    x[i] *= 2
    x[i] //= 3
    x[i] %= 97
    x[i] <<= 2
    x[i] >>= 1
    x[i] |= 1
    x[i] &= 0xfff
    x[i] ^= 5
    y[i] **= 2
    f[i] += 0.5
    f[i] *= f[i]
    f[i] /= 3.0
    f[i] -= y[i]
    m[i, 1] += m[i, 0]
    m[i, 2] *= m[i, 1]
    m[i, 0] //= -7
    q[i] += q[i]
    q[i] ^= q[i] // cp.uint8(3)
