# run: --kernel pow_floats --grid 1 --block 64 x=@pow_float.x.npy y=@pow_float.y.npy d=@pow_float.d.npy o=zeros:float32:4x64 od=zeros:float64:2x64
# check: o od tol=2e-6
# input: x = np.concatenate([np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, np.inf, np.nan], np.float32), rng.uniform(-5, 5, 56).astype(np.float32)])
# input: y = np.concatenate([np.array([0.0, -1.0, np.nan, np.inf, 0.5, 3.0, -2.0, 0.0], np.float32), rng.uniform(-3, 3, 56).astype(np.float32)])
# input: d = rng.uniform(0, 10, 64)
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def pow_floats(x, y, d, o, od):
    i = jit.threadIdx.x
    o[0, i] = x[i] ** y[i]
    o[1, i] = x[i] ** 2
    o[2, i] = x[i] ** 0.5
    o[3, i] = 2.0 ** x[i]
    od[0, i] = d[i] ** 1.5
    od[1, i] = d[i] ** x[i]
