# args: --sig 'shape(float32[:])' --sig 'length(float32[:])' --sig 'traced(float32[:])' --sig 'size(float32[:])' --sig 'klass(float32[:])' --sig 'ndims(float32[:, :], float32[:])' --sig 'ndim_sum(float32[:])' --sig 'bad_cmp(float32[:])'
# What CuPy's fuse refuses when it runs the function with proxies (fuse/host.c): a
# traced array's shape, len() and size, the truth of a traced value; and what pykc does
# not evaluate: isinstance() of a class it does not know, an ndim read where the arrays'
# ndims differ, a comparison Python would refuse. ndim_sum compiles (as a sequence of
# kernels: src/fuse/fuse_stage.c).
import cupy as cp
import numpy as np


@cp.fuse()
def shape(x):
    if x.shape[0] > 2:
        return x
    return x * 2


@cp.fuse()
def length(x):
    return x * len(x)


@cp.fuse()
def traced(x):
    if x > 0:
        return x
    return -x


@cp.fuse()
def size(x):
    return x * x.size


@cp.fuse()
def klass(x):
    return x if isinstance(x, np.dtype) else -x


@cp.fuse()
def ndims(x, y):
    return x + y if x.ndim == 2 else x - y


@cp.fuse()
def ndim_sum(x):
    return cp.sum(x * x.ndim)


@cp.fuse()
def bad_cmp(x):
    return x if x.dtype.kind < 3 else -x
