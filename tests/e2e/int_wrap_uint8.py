# run: --kernel wrapu8 --grid 1 --block 64 q=@int_wrap_uint8.q.npy r=@int_wrap_uint8.r.npy o8=zeros:uint8:64 o32=zeros:int32:2x64
# check: o8 o32
# input: q = int_edges(64, 'uint8')
# input: r = rng.integers(0, 256, 64).astype(np.uint8)
# docs/language.md §2.5: with q uint8 = 200, `out_i32[i] = q + q` stores 400, `s = q + q` stores 144.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wrapu8(q, r, o8, o32):
    i = jit.threadIdx.x
    s = q[i] + q[i]
    o8[i] = s
    o32[0, i] = q[i] + q[i]
    o32[1, i] = q[i] - r[i]
