# args: --kernel constant --sig 'constant(float32[:, :])' --kernel scalar --sig 'scalar(float32[:, :], float64)' --kernel single --sig 'single(float32[:, :], float64)' --kernel slices --sig 'slices(float32[:, :])' --kernel keep --sig 'keep(float32[:, :])' --kernel ok --sig 'ok(float32[:, :], float32[:])' --kernel kept --sig 'kept(float32[:, :], float32[:])'
# A fuse function that CuPy's old fusion refuses (two reductions, a value of before the
# reduction used after it) runs in its new fusion, which refuses what is not an array in
# the returned value, with its words, and a keepdims reduction; pykc compiles it as a
# sequence of kernels (src/fuse/fuse_stage.c). ok compiles, and kept (a value computed
# from an array before a write into another view of it, used after: CuPy keeps it).
import cupy as cp


@cp.fuse()
def constant(x):
    return x.sum(axis=0), x.sum(axis=1), 2


@cp.fuse()
def scalar(x, s):
    return x - x.sum(), s


@cp.fuse()
def single(x, s):
    t = x - x.sum()
    return s


@cp.fuse()
def slices(x):
    expander = (slice(1, None), None)
    return x - x.sum(axis=0)[expander]


@cp.fuse()
def keep(x):
    return x - x.sum(axis=0, keepdims=True)


@cp.fuse()
def ok(x, y):
    m = x.max(axis=1)
    y += m
    x[0][...] = y
    return x.sum(axis=0) - x[1] * m.sum(), cp.sqrt(x[::-1] + 1)[0]


@cp.fuse()
def kept(x, y):
    a = x * 2
    x[0][...] = y
    b = x[1] + 1
    return a + b
