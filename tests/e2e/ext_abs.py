# run: --kernel absk --grid 1 --block 64 x=@ext_abs.x.npy xi=@ext_abs.xi.npy out=zeros:float32:64 outi=zeros:int32:64
# check: out outi
# input: x = special_floats(64)
# input: xi = int_edges(64, 'int32')
# Builtin abs() (pykc extension; numpy reference): abs(INT_MIN) wraps to INT_MIN.
import cupy as cp
from cupyx import jit


@jit.rawkernel()
def absk(x, xi, out, outi):
    i = jit.threadIdx.x
    out[i] = abs(x[i])
    outi[i] = abs(xi[i])
