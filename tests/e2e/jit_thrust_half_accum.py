# run: --kernel jit_thrust_half_accum --grid 1 --block 32 x=@jit_thrust_half_accum.x.npy r=zeros:float32:32x7 s=zeros:float16:32x64 e=zeros:float16:32x2x64
# check: r s e
# input: x = (rng.standard_normal((32, 64)) * 30).astype(np.float16)
# pykc's case: thrust's accumulator types on float16 elements (CuPy's float16 class: each
# step of a float16 sum is computed in float and rounded to float16). reduce without an init
# sums in float16 (thrust's InputType(0)); a float32 init, or a float16 value (cupyx spells
# float16 values `float`), sums in float; an element as the init is thrust's float16 class
# again; an int32 init truncates each element (plus<int>). inner_product in float and in
# float16; inclusive_scan in float16; exclusive_scan in float (a float32 init), and in
# float16 (an element as the init), rounded when stored.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_half_accum(x, r, s, e):
    i = jit.threadIdx.x
    lo, hi = x[i].begin(), x[i].end()
    r[i, 0] = jit.thrust.reduce(jit.thrust.seq, lo, hi)
    r[i, 1] = jit.thrust.reduce(jit.thrust.seq, lo, hi, cp.float32(0.25))
    r[i, 2] = jit.thrust.reduce(jit.thrust.seq, lo, hi, cp.float16(0.25))
    r[i, 3] = jit.thrust.reduce(jit.thrust.seq, lo + 1, hi, x[i][0])
    r[i, 4] = jit.thrust.reduce(jit.thrust.seq, lo, hi, 1)
    r[i, 5] = jit.thrust.inner_product(jit.thrust.seq, lo, hi, lo, cp.float32(0))
    r[i, 6] = jit.thrust.inner_product(jit.thrust.seq, lo + 1, hi, lo + 1, x[i][0])
    jit.thrust.inclusive_scan(jit.thrust.seq, lo, hi, s[i].begin())
    jit.thrust.exclusive_scan(jit.thrust.seq, lo, hi, e[i, 0].begin(), cp.float32(1.5))
    jit.thrust.exclusive_scan(jit.thrust.seq, lo + 1, hi, e[i, 1].begin(), x[i][0])
