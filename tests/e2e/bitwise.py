# run: --kernel bits --grid 1 --block 64 a=@bitwise.a.npy b=@bitwise.b.npy q=@bitwise.q.npy l=@bitwise.l.npy o=zeros:int32:5x64 o8=zeros:uint8:2x64 ol=zeros:int64:3x64
# check: o o8 ol
# input: a = int_edges(64, 'int32')
# input: b = rng.integers(-2**31, 2**31, 64).astype(np.int32)
# input: q = int_edges(64, 'uint8')
# input: l = int_edges(64, 'int64')
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def bits(a, b, q, l, o, o8, ol):
    i = jit.threadIdx.x
    o[0, i] = a[i] & b[i]
    o[1, i] = a[i] | b[i]
    o[2, i] = a[i] ^ b[i]
    o[3, i] = ~a[i]
    o[4, i] = ~q[i]
    o8[0, i] = ~q[i]
    o8[1, i] = q[i] ^ q[63 - i]
    ol[0, i] = l[i] & 0xFFFFFFFFFF
    ol[1, i] = l[i] | a[i]
    ol[2, i] = ~l[i] ^ 12345678901
