# run: --kernel jit_thrust_accumulators --grid 1 --block 8 x=@jit_thrust_accumulators.x.npy b=@jit_thrust_accumulators.b.npy r=zeros:float64:8x4 s=zeros:float32:8x40 e=zeros:float32:8x20 u=zeros:int32:8x2 w=zeros:int8:8
# check: r s e u w x
# input: x = np.stack([special_floats(40, 'float32')[np.random.default_rng(i).permutation(40)] for i in range(8)])
# input: b = rng.integers(-128, 128, (8, 40)).astype(np.int8)
# pykc's case: thrust's accumulator types and comparisons, bit for bit: reduce of float32 in
# float32 (its element type) and in float64 (a float64 init); inclusive_scan in float32;
# exclusive_scan with an int32 init (thrust's ValueType is the init's: each float is
# converted to int32 first); unique and count of floats with NaN and signed zeros (== is
# IEEE's: -0.0 == 0.0, NaN != NaN), find of -0.0; reduce of int8 wrapping in int8.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_accumulators(x, b, r, s, e, u, w):
    i = jit.threadIdx.x
    lo, hi = x[i].begin(), x[i].begin() + 20
    r[i, 0] = jit.thrust.reduce(jit.thrust.seq, lo, hi)
    r[i, 1] = jit.thrust.reduce(jit.thrust.seq, lo, hi, cp.float64(0.5))
    r[i, 2] = jit.thrust.count(jit.thrust.seq, x[i].begin(), x[i].end(), cp.float32(0.0))
    r[i, 3] = jit.thrust.find(jit.thrust.seq, x[i].begin(), x[i].end(), cp.float32(-0.0)) - lo
    jit.thrust.inclusive_scan(jit.thrust.seq, lo, hi, s[i].begin())
    jit.thrust.exclusive_scan(jit.thrust.seq, lo + 20, x[i].end(), e[i].begin(), 3)
    jit.thrust.sort(jit.thrust.seq, x[i].begin(), x[i].end())
    u[i, 0] = jit.thrust.unique(jit.thrust.seq, x[i].begin(), x[i].end()) - x[i].begin()
    u[i, 1] = jit.thrust.count(jit.thrust.seq, x[i].begin(), x[i].end(), x[i][39])
    w[i] = jit.thrust.reduce(jit.thrust.device, b[i].begin(), b[i].end())
