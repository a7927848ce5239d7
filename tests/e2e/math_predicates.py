# run: --kernel preds --grid 1 --block 64 x=@math_predicates.x.npy d=@math_predicates.d.npy o=zeros:bool:6x64
# check: o
# input: x = special_floats(64)
# input: d = special_floats(64, 'float64')
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def preds(x, d, o):
    i = jit.threadIdx.x
    o[0, i] = cp.isnan(x[i])
    o[1, i] = cp.isinf(x[i])
    o[2, i] = cp.isfinite(x[i])
    o[3, i] = cp.isnan(d[i])
    o[4, i] = cp.isinf(d[i])
    o[5, i] = cp.isfinite(d[i]) and x[i] > 0
