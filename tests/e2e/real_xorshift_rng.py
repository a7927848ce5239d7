# run: --kernel draw --grid 2 --block 32 state=@real_xorshift_rng.state.npy out=zeros:float64:64x4 n=64:int64
# check: state out
# input: state = rng.integers(1, 2**63, 64, dtype=np.uint64)
# Modelled on published Monte Carlo codes that carry a per-thread xorshift64* generator
# in cupyx.jit: a device function returning a (state, value) tuple, uint64 shifts, xors
# and a multiply that wraps, np.uint64 module constants, the top 53 bits scaled to [0, 1),
# a loop writing several draws, the state written back.
import numpy as np
from cupyx import jit

MULT = np.uint64(0x2545F4914F6CDD1D)
S11 = np.uint64(11)
SCALE = np.float64(1.0 / 9007199254740992.0)


@jit.rawkernel(device=True)
def next_u(s):
    s ^= s >> np.uint64(12)
    s ^= s << np.uint64(25)
    s ^= s >> np.uint64(27)
    return s, (s * MULT) >> S11


@jit.rawkernel()
def draw(state, out, n):
    i = jit.grid(1)
    if i >= n:
        return
    s = state[i]
    for k in range(4):
        s, r = next_u(s)
        out[i, k] = np.float64(r) * SCALE
    state[i] = s
