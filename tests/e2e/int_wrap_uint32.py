# run: --kernel wrapu32 --grid 2 --block 32 u=@int_wrap_uint32.u.npy v=@int_wrap_uint32.v.npy o=zeros:uint32:3x64 o64=zeros:int64:64
# check: o o64
# input: u = int_edges(64, 'uint32')
# input: v = int_edges(64, 'uint32')[::-1].copy()
# uint32 - 1 wraps in uint32; uint32 + an int64 literal computes in int64.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wrapu32(u, v, o, o64):
    i = jit.grid(1)
    if i < u.shape[0]:
        o[0, i] = u[i] - 1
        o[1, i] = u[i] * v[i]
        o[2, i] = u[i] + v[i]
        o64[i] = u[i] + 4000000000
