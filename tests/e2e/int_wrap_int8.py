# run: --kernel wrap8 --grid 2 --block 32 a=@int_wrap_int8.a.npy b=@int_wrap_int8.b.npy o8=zeros:int8:64 o32=zeros:int32:64 s8=zeros:int8:64
# check: o8 o32 s8
# input: a = int_edges(64, 'int8')
# input: b = int_edges(64, 'int8')[::-1].copy()
# int8 arithmetic is computed as C int and narrowed only when stored into an int8.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def wrap8(a, b, o8, o32, s8):
    i = jit.grid(1)
    if i < a.size:
        o8[i] = a[i] + b[i]
        o32[i] = a[i] * b[i]
        s = a[i] - b[i]
        s8[i] = s
