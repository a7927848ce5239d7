# run: --kernel trace x=@fuse_host_trace.x.npy y=@fuse_host_trace.y.npy
# check: out
# input: x = rng.standard_normal((8, 16)).astype(np.float32)
# input: y = rng.standard_normal((8, 16)).astype(np.float64)
# @cupy.fuse evaluates host Python when it traces the function, as CuPy's fuse runs it
# with proxies: isinstance of a proxy (no ndarray), x.ndim, x.dtype and its kind and
# itemsize, comparisons and and/or/not of those and of module constants choose the code.
import cupy as cp
import numpy as np

SCALE = 3


@cp.fuse()
def trace(x, y):
    if isinstance(x, (np.ndarray, cp.ndarray)):
        x = x * 100
    if x.ndim == 2 and x.dtype == cp.float32:
        z = x * y
    else:
        z = x + y
    kind = y.dtype.kind
    if kind in 'fc' and SCALE > 1 and not isinstance(y, (int, float)):
        z = z * SCALE
    return z if y.dtype.itemsize == 4 else -z
