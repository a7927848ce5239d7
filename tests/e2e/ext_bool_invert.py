# run: --kernel binv --grid 1 --block 64 p=@ext_bool_invert.p.npy o=zeros:bool:2x64
# check: o
# input: p = rng.integers(0, 2, 64).astype(np.bool_)
# `~` on a bool is `not` (fix: CuPy 14.2 emits C++ `~` on the bool, so ~True is -2, which
# is True; numpy reference).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def binv(p, o):
    i = jit.threadIdx.x
    o[0, i] = ~p[i]
    o[1, i] = ~(p[i] and i % 2 == 0)
