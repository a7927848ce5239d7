# run: --kernel unary2 --grid 1 --block 128 x=@math_unary2_f32.x.npy o=zeros:float32:10x128
# check: o tol=2e-6
# input: x = np.concatenate([special_floats(16), rng.uniform(-1.2, 1.2, 64).astype(np.float32), (rng.standard_normal(48) * 5).astype(np.float32)])
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def unary2(x, o):
    i = jit.threadIdx.x
    v = x[i]
    o[0, i] = cp.arcsin(v)
    o[1, i] = cp.arccos(v)
    o[2, i] = cp.arctan(v)
    o[3, i] = cp.sinh(v)
    o[4, i] = cp.cosh(v)
    o[5, i] = cp.tanh(v)
    o[6, i] = cp.arcsinh(v)
    o[7, i] = cp.arccosh(v)
    o[8, i] = cp.arctanh(v)
    o[9, i] = cp.cbrt(v)
