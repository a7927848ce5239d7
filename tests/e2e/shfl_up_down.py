# run: --kernel updown --grid 2 --block 64 x=@shfl_up_down.x.npy f=@shfl_up_down.f.npy o=zeros:int32:4x128 of=zeros:float64:2x128
# check: o of
# input: x = rng.integers(-1000, 1000, 128).astype(np.int32)
# input: f = rng.standard_normal(128)
# shfl_up_sync / shfl_down_sync with the default width and width=16 (lanes at the edge
# keep their own value).
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def updown(x, f, o, of):
    i = jit.grid(1)
    v = x[i]
    o[0, i] = jit.shfl_up_sync(0xffffffff, v, 1)
    o[1, i] = jit.shfl_down_sync(0xffffffff, v, 3)
    o[2, i] = jit.shfl_up_sync(0xffffffff, v, 5, width=16)
    o[3, i] = jit.shfl_down_sync(0xffffffff, v, 2, width=8)
    of[0, i] = jit.shfl_down_sync(0xffffffff, f[i], 1)
    of[1, i] = jit.shfl_up_sync(0xffffffff, f[i], 4, width=16)
