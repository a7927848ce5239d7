# run: --kernel bintol --grid 1 --block 64 x=@math_binary_tol.x.npy y=@math_binary_tol.y.npy o=zeros:float32:4x64
# check: o tol=2e-6
# input: x = np.concatenate([special_floats(15), (rng.standard_normal(49) * 10).astype(np.float32)])
# input: y = np.concatenate([np.array([1.0, 2.0, np.nan, -3.0, np.inf, 0.5, -0.0, np.nan, 2.0, -1.0, 0.0, 3.0, -7.0, np.nan, -2.5], np.float32), (rng.standard_normal(49) * 3).astype(np.float32)])
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def bintol(x, y, o):
    i = jit.threadIdx.x
    o[0, i] = cp.arctan2(x[i], y[i])
    o[1, i] = cp.hypot(x[i], y[i])
    o[2, i] = cp.power(x[i], y[i])
    o[3, i] = cp.power(cp.fabs(x[i]), 0.5)
