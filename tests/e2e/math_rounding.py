# run: --kernel rounding --grid 1 --block 64 x=@math_rounding.x.npy d=@math_rounding.d.npy o=zeros:float32:8x64 od=zeros:float64:4x64
# check: o od tol=1e-30
# input: x = np.concatenate([special_floats(15), np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49, -3.51], np.float32), (rng.standard_normal(41) * 10).astype(np.float32)])
# input: d = np.concatenate([special_floats(10, 'float64'), np.array([0.5, 1.5, 2.5, -2.5], np.float64), rng.standard_normal(50) * 1e3])
# Exact functions: floor ceil trunc rint fabs absolute square reciprocal (sign: ext_math_module.py).
# tol=1e-30 only forgives subnormal results: on the GPU CuPy gets 1 / 3.4e38 == 0.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def rounding(x, d, o, od):
    i = jit.threadIdx.x
    v = x[i]
    o[0, i] = cp.floor(v)
    o[1, i] = cp.ceil(v)
    o[2, i] = cp.trunc(v)
    o[3, i] = cp.rint(v)
    o[4, i] = cp.fabs(v)
    o[5, i] = cp.absolute(v)
    o[6, i] = cp.square(v)
    o[7, i] = cp.reciprocal(v)
    w = d[i]
    od[0, i] = cp.floor(w)
    od[1, i] = cp.rint(w)
    od[2, i] = cp.abs(w)
    od[3, i] = cp.square(w)
