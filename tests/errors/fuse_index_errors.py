# args: --kernel idxscalar --sig 'idxscalar(float32[:], float32)' --kernel idxslice --sig 'idxslice(float32[:])' --kernel idxarray --sig 'idxarray(float32[:], int64[:])' --kernel idxmany --sig 'idxmany(float32[:])' --kernel idxfloat --sig 'idxfloat(float32[:])' --kernel idxview --sig 'idxview(float32[:, :], float32[:])' --kernel idxtuple --sig 'idxtuple(float32[:])' --kernel tupleok --sig 'tupleok(float32[:])'
# Indexing in a fuse body as CuPy's new fusion (call_indexing) refuses it, with its words;
# the views it takes compile (idxview); a Python tuple's item is host Python (tupleok
# compiles).
import cupy as cp


@cp.fuse()
def idxscalar(x, s):
    return x + s[0]


@cp.fuse()
def idxslice(x):
    return x[1:]


@cp.fuse()
def idxarray(x, i):
    return x[i]


@cp.fuse()
def idxmany(x):
    return x[0, 1]


@cp.fuse()
def idxfloat(x):
    return x[1.5]


@cp.fuse()
def idxview(m, v):
    return m[:, None] + v[::-1]


@cp.fuse()
def idxtuple(x):
    t = (x, x + 1)
    return t[2]


@cp.fuse()
def tupleok(x):
    t = (x, x * 2)
    return t[-1] + t[0]
