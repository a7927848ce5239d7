# run: --kernel mm --grid 1 --block 64 x=@minmax_builtin.x.npy y=@minmax_builtin.y.npy a=@minmax_builtin.a.npy b=@minmax_builtin.b.npy o=zeros:float32:4x64 oi=zeros:int32:3x64
# check: o oi
# input: x = special_floats(64)
# input: y = np.concatenate([np.array([1.0, np.nan, 0.0, np.nan, -0.0, 2.0], np.float32), rng.standard_normal(58).astype(np.float32)])
# input: a = int_edges(64, 'int32')
# input: b = rng.integers(-100, 100, 64).astype(np.int32)
# min/max (2+ arguments) behave as cupy.minimum/maximum: NaN propagates.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def mm(x, y, a, b, o, oi):
    i = jit.threadIdx.x
    o[0, i] = min(x[i], y[i])
    o[1, i] = max(x[i], y[i])
    o[2, i] = min(x[i], y[i], 0.5)
    o[3, i] = max(a[i], x[i])
    oi[0, i] = min(a[i], b[i])
    oi[1, i] = max(a[i], b[i], 3)
    oi[2, i] = max(min(a[i], 50), -50)
