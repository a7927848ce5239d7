# args: --kernel augint --sig 'augint(float32[:, :])' --kernel augrev --sig 'augrev(float32[:])' --kernel augtuple --sig 'augtuple(float32[:], float32[:])' --kernel augscalar --sig 'augscalar(float32[:], float32)' --kernel redout --sig 'redout(float32[:, :], float32[:, :])' --kernel redoutscalar --sig 'redoutscalar(float32[:, :], float32)' --kernel slice2 --sig 'slice2(float32[:])' --kernel writes --sig 'writes(float32[:, :], float32[:])'
# Writes through items and out= in a fuse body, refused as CuPy refuses them: c[k] op= y
# is Python's t = c[k]; t op= y; c[k] = t, whose __setitem__ takes `[...]` and `[:]` only
# (a tuple none, a scalar has no item); a reduction's out= of another ndim (its new
# fusion's words) or not an array; a slice of a step other than 1 and -1. writes compiles
# (x[:] *= 2, x[...] += y, x[1][...] -= 1, out= of a reduction into a view, a view of a
# computed value written).
import cupy as cp


@cp.fuse()
def augint(x):
    x[0] += 1


@cp.fuse()
def augrev(x):
    x[::-1] *= 2


@cp.fuse()
def augtuple(x, y):
    t = (x, y)
    t[0] += 1


@cp.fuse()
def augscalar(x, s):
    s[0] += 1
    return x


@cp.fuse()
def redout(x, o):
    cp.sum(x, axis=0, out=o)


@cp.fuse()
def redoutscalar(x, s):
    return cp.max(x, out=s)


@cp.fuse()
def slice2(x):
    return x[1:][::2]


@cp.fuse()
def writes(x, y):
    x[:] *= 2
    x[...] += y
    x[1][...] -= 1
    cp.sum(x, axis=0, out=x[0])
    z = x + 1
    z[2][...] = y
    return z
