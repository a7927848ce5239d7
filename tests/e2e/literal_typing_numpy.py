# run: --kernel lits_np --grid 1 --block 32 oi=zeros:int32:4 ol=zeros:int64:8 of=zeros:float64:6 n=1
# check: oi ol of
# mode='numpy' literal typing: ints are int64, floats float64 (the same statements as
# literal_typing_cuda.py give different results).
import cupy as cp
from cupyx import jit


@jit.rawkernel(mode='numpy')
def lits_np(oi, ol, of, n):
    if jit.threadIdx.x == 0:
        x = 2147483647
        y = x + n
        ol[0] = y
        oi[0] = y
        oi[1] = 7 // -2
        oi[2] = -7 % 3
        oi[3] = n + 2147483647
        ol[1] = 2147483647 + n
        ol[2] = 2 ** 40
        ol[3] = 65536 * 65536 * n
        ol[4] = 40000 * n * 60000
        of[0] = 0.1
        of[1] = 1.0 / 3.0
        of[2] = n / 3
        of[3] = n * 0.1
        of[4] = 16777217.0
        of[5] = 3.14159265358979 * n
