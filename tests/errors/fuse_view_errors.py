# args: --kernel ofvalue --sig 'ofvalue(float32[:, :])' --kernel twoell --sig 'twoell(float32[:, :])' --kernel redview --sig 'redview(float32[:, :])' --kernel readafter --sig 'readafter(float32[:, :], float32[:])' --kernel writeread --sig 'writeread(float32[:])' --kernel setint --sig 'setint(float32[:, :], float32[:])' --kernel setstep --sig 'setstep(float32[:], float32[:])' --kernel viewok --sig 'viewok(float32[:, :], float32[:])' --kernel intoview --sig 'intoview(float32[:, :], float32[:])'
# Views in a fuse body (x[0], x[::-1], x[None], x[...]): CuPy's refusals with its words
# (setitem other than x[...] and x[:]; two ellipses, NumPy's). A view of a computed value,
# reading a view of an array after writing another view of it and writing into an array
# while reading another view of it compile (as a sequence of kernels, CuPy's new fusion
# running the operations one after the other: src/fuse/fuse_stage.c), as do redview,
# viewok and intoview.
import cupy as cp


@cp.fuse()
def ofvalue(x):
    return (x + 1)[0]


@cp.fuse()
def twoell(x):
    return x[..., 0, ...]


@cp.fuse()
def redview(x):
    return cp.sum(x[::-1], axis=0)


@cp.fuse()
def readafter(x, y):
    x[0][...] = y
    return x[::-1] + 1


@cp.fuse()
def writeread(y):
    y[:] = y[::-1] * 2


@cp.fuse()
def setint(x, y):
    x[0] = y


@cp.fuse()
def setstep(x, y):
    x[::-1] = y


@cp.fuse()
def viewok(x, y):
    return x[::-1, None][:, 0] * y[None] + x[(Ellipsis,)][1]


@cp.fuse()
def intoview(x, y):
    x[1][...] = y * 2
    x[0][::-1][:] = y
