# args: --kernel nested --sig 'nested(float32[:])' --kernel constant --sig 'constant(float32[:])' --kernel dtype --sig 'dtype(float32[:])' --kernel item --sig 'item(float32[:])' --kernel unpack3 --sig 'unpack3(float32[:])' --kernel ndimpair --sig 'ndimpair(float32[:])' --kernel copycast --sig 'copycast(float32[:], int32[:])'
# What CuPy's fuse refuses among returned values: its old fusion raises on them, and its
# new fusion's messages (_fusion_trace.pyx) are what the caller sees; a tuple held in a
# name is Python's (an index out of range, unpacking another length). pykc fixes the
# outputs before the trace, from the first return as the statements before it bind its
# names (ifs taken both ways): ndimpair's trace returns another number of values than
# that, which pykc refuses. Each fails alone.
import cupy as cp


@cp.fuse()
def nested(x):
    return x, (x, x)


@cp.fuse()
def constant(x):
    return 1


@cp.fuse()
def dtype(x):
    return x.dtype


@cp.fuse()
def item(x):
    t = cp.divmod(x, x)
    return t[2]


@cp.fuse()
def unpack3(x):
    t = cp.modf(x)
    a, b, c = t
    return a


@cp.fuse()
def ndimpair(x):
    t = x + 1
    if x.ndim == 2:
        t = (x, t)
    return t


@cp.fuse()
def copycast(x, i):
    cp.copyto(i, x)
    return i
