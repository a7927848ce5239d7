# run: --kernel np2 --grid 1 --block 32 x=@jit_numpy2_names.x.npy y=@jit_numpy2_names.y.npy i=@jit_numpy2_names.i.npy z=@jit_numpy2_names.z.npy o=zeros:float32:32x2 b=zeros:int32:32x2 w=zeros:complex64:32
# check: o b w tol=1e-6
# input: x = (rng.random(32) * 1.8 - 0.9).astype(np.float32)
# input: y = (rng.random(32) * 3).astype(np.float32)
# input: i = rng.integers(-100, 100, 32).astype(np.int32)
# input: z = ((rng.standard_normal(32) + 1j * rng.standard_normal(32)) / 2).astype(np.complex64)
# NumPy 2's names of ufuncs, which CuPy 14 binds to the same ufuncs (cupy/__init__.py:
# `atan2 = arctan2`, `pow = power`, `bitwise_invert = invert`, ...), in a cupyx.jit
# kernel: real and complex loops as the original names'. pykc said "'cp.atan2' is not
# supported yet".
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def np2(x, y, i, z, o, b, w):
    t = jit.threadIdx.x
    o[t, 0] = cp.asin(x[t]) + cp.acos(x[t]) + cp.atan(x[t]) + cp.atan2(x[t], y[t])
    o[t, 1] = cp.asinh(x[t]) + cp.acosh(y[t] + 1) + cp.atanh(x[t] / 2) + cp.pow(y[t], 2.5)
    b[t, 0] = cp.bitwise_invert(i[t])
    b[t, 1] = cp.bitwise_left_shift(i[t], 2) + cp.bitwise_right_shift(i[t], 1)
    w[t] = cp.asin(z[t]) + cp.atanh(z[t]) + cp.pow(z[t], 2)
