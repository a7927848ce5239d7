# run: --kernel tup --grid 1 --block 64 x=@tuple_unpack.x.npy y=@tuple_unpack.y.npy o=zeros:int32:5x64
# check: o
# input: x = rng.integers(-100, 100, 64).astype(np.int32)
# input: y = rng.integers(-100, 100, 64).astype(np.int32)
# Tuple assignment (swaps evaluate the whole right side first) and nested targets.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def tup(x, y, o):
    i = jit.threadIdx.x
    a, b = x[i], y[i]
    a, b = b, a
    o[0, i] = a * 1000 + b
    f0, f1 = 0, 1
    for k in range(10):
        f0, f1 = f1, f0 + f1 + a
    o[1, i] = f1
    (c, d), e = (a, b), a - b
    o[2, i] = c + 2 * d + 3 * e
    p, q = x[i], 3
    o[3, i] = p * q
    o[4, i] = d - c
