# args: --kernel outscalar --sig 'outscalar(float32[:], float32)' --kernel outtwice --sig 'outtwice(float32[:], float32[:])' --kernel outcast --sig 'outcast(float64[:], int32[:])' --kernel outndim --sig 'outndim(float32[:, :], float32[:])' --kernel slice1 --sig 'slice1(float32[:])' --kernel setscalar --sig 'setscalar(float32[:], float32)' --kernel unpack --sig 'unpack(float32[:])' --kernel unpack2 --sig 'unpack2(float32[:])' --kernel loopvar --sig 'loopvar(float32[:])' --kernel lambdas --sig 'lambdas(float32[:])' --kernel retnone --sig 'retnone(float32[:, :])'
# What CuPy's fuse refuses among the in-place forms (its new fusion's messages, the trace
# CuPy runs when the old one raises), and what a fuse body's parse kept for its trace:
# each function fails alone.
import cupy as cp


@cp.fuse()
def outscalar(x, s):
    return cp.exp(x, out=s)


@cp.fuse()
def outtwice(x, y):
    return cp.add(x, x, y, out=y)


@cp.fuse()
def outcast(x, y):
    cp.multiply(x, 2, out=y)
    return y


@cp.fuse()
def outndim(x, y):
    y += x
    return y


@cp.fuse()
def slice1(x):
    x[1:] = 0
    return x


@cp.fuse()
def setscalar(x, s):
    s[:] = x
    return x


@cp.fuse()
def unpack(x):
    a, b = x
    return a


@cp.fuse()
def unpack2(x):
    a, b = (x, x, x)
    return a


@cp.fuse()
def loopvar(x):
    for i in range(x):
        x = x + i
    return x


@cp.fuse()
def lambdas(x):
    f = lambda t: t
    return f(x)


@cp.fuse()
def retnone(x):
    if x.ndim == 1:
        return x * 2
    x += 1
    return
