# args: --kernel twice --sig 'twice(int32)'
# --kernel naming a device function compiles it as a kernel, as cupyx.jit compiles any
# rawkernel it launches; this one returns a value, which a kernel cannot (cupyx: "Failed
# to infer the return type: void or int32").
import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def twice(v):
    return v * 2


@jit.rawkernel()
def k(x: cp.int32[:]):
    i = jit.grid(1)
    if i < x.size:
        x[i] = twice(x[i])
