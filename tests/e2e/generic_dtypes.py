# run: --kernel scale_add --grid 2 --block 32 x=@generic_dtypes.x.npy y=@generic_dtypes.y.npy out=zeros:int16:64 k=3:int16
# check: out
# input: x = rng.integers(-3000, 3000, 64).astype(np.int16)
# input: y = rng.integers(-3000, 3000, 64).astype(np.int16)
# A generic kernel specialised on int16 arguments from the run line.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def scale_add(x, y, out, k):
    i = jit.grid(1)
    if i < out.size:
        out[i] = x[i] * k + y[i]
