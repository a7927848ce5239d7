# run: --kernel mix --grid 1 --block 64 u=@ext_uint_int_mix.u.npy s=@ext_uint_int_mix.s.npy out=zeros:uint32:64
# check: out
# input: u = int_edges(64, 'uint32')
# input: s = int_edges(64, 'int32')
# uint32 with an int32 variable computes in uint32, and `v //= 2` on a uint32 variable:
# CuPy 14.2 with NumPy 2 rejects both (extension; numpy reference).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mix(u, s, out):
    i = jit.threadIdx.x
    v = u[i] + s[i]
    v //= 2
    out[i] = v
