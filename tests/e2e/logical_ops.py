# run: --kernel logic --grid 1 --block 64 x=@logical_ops.x.npy y=@logical_ops.y.npy f=@logical_ops.f.npy o=zeros:bool:7x64
# check: o
# input: x = rng.integers(-3, 4, 64).astype(np.int32)
# input: y = rng.integers(-3, 4, 64).astype(np.int32)
# input: f = special_floats(64)
# and / or / not give bool.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def logic(x, y, f, o):
    i = jit.threadIdx.x
    o[0, i] = x[i] > 0 and y[i] < 0
    o[1, i] = x[i] > 0 or y[i] > 0
    o[2, i] = not x[i] > 0
    o[3, i] = x[i] and y[i]
    o[4, i] = not x[i]
    o[5, i] = x[i] or f[i]
    o[6, i] = (x[i] > 1 or y[i] > 1) and not (f[i] < 0)
