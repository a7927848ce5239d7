# args: --sig 'squared_diff(float32[:], float32[:])' --sig 'squared_diff(int8[:, :], float)' --sig 'relu6(float64[:])' --sig 'mixed(int32[:], float32[:], int)' --sig 'casts(uint8[:], float32)' --sig 'dist(float32[:], float32[:])'
# @cupy.fuse functions compiled as CuPy's fuse compiles them: one ElementwiseKernel per
# argument types, each ufunc call a local of its loop's type.
import cupy as cp
from cupy import fuse


@cp.fuse(kernel_name='squared_diff')
def squared_diff_py(x, y):
    d = x - y
    return d * d


@fuse
def relu6(x):
    return cp.minimum(cp.maximum(x, 0), 6)


@cp.fuse()
def mixed(i, f, k):
    q = i // k + i % k
    r = cp.where(f > 0, f / i, -f)
    return q, r ** 2, i << 1, cp.sqrt(i)


@cp.fuse()
def casts(x, s):
    y = x.astype(cp.float32) * s
    return y.astype('int16') + True


@cp.fuse()
def sq(d):
    return d * d


@cp.fuse()
def dist(x, y):
    return cp.sqrt(sq(x - y) + 1)     # a fuse function called from one: inlined
