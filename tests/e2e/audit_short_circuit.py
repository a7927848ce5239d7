# run: --kernel audit_short_circuit --grid 1 --block 64 x=@audit_short_circuit.x.npy cnt=zeros:int32:64 out=zeros:int32:64
# check: cnt out
# input: x = rng.integers(-24, 24, 64).astype(np.int32)
# pykc extension (numpy reference in tools/gen_expected.py): a chained comparison whose
# middle operand is a call is evaluated once, left to right, and only when Python would
# evaluate it: inside `and`/`or`, after a false link of the chain, and in the branch of
# `x if c else y` that is taken. bump() counts its calls in cnt.
from __future__ import annotations
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def bump(cnt, i, v):
    jit.atomic_add(cnt, i, 1)
    return v


@jit.rawkernel()
def audit_short_circuit(x: cp.int32[:], cnt: cp.int32[:], out: cp.int32[:]):
    i = jit.threadIdx.x
    r = 0
    if x[i] > 0 and 0 < bump(cnt, i, x[i]) < 10:
        r += 1
    if x[i] < -15 or -20 <= bump(cnt, i, x[i]) < -5:
        r += 10
    if bump(cnt, i, x[i]) < 0 < bump(cnt, i, 1):
        r += 100
    v = (0 < bump(cnt, i, x[i]) < 5) if x[i] % 2 == 0 else False
    if v:
        r += 1000
    out[i] = r
