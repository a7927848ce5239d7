# args: --sig 'sum_of_products(float32[:, :], float32[:, :])' --sig 'peak(float64[:, :, :])' --sig 'lowest(int16[:])' --sig 'positive(float32[:, :])' --sig 'mean_sq(int8[:])'
# @cupy.fuse functions that end in a reduction: one ReductionKernel each, the map as a
# function of the inputs, the post-map as a function of the result `a`.
import cupy as cp


@cp.fuse()
def sum_of_products(x, y):
    return cp.sum(x * y, axis=-1)


@cp.fuse(kernel_name='peak')
def peak_py(x):
    return cp.amax(cp.abs(x), axis=(0, 2)) * 0.5


@cp.fuse()
def lowest(x):
    return cp.min(x)


@cp.fuse()
def positive(x):
    return cp.all(x > 0, axis=0)


@cp.fuse()
def mean_sq(x):
    return (x * x).sum() / 1000
