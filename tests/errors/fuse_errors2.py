# args: --kernel neg --sig 'neg(bool[:])' --kernel sameking --sig 'sameking(int32[:])' --kernel strs --sig 'strs(float32[:])' --kernel bigint --sig 'bigint(int64[:])' --kernel rec --sig 'rec(float32[:])' --kernel many --sig 'many(float32[:])'
# More of what CuPy's fuse rejects (tests/errors/fuse_errors.py has the first part): the
# decorator's arguments, boolean negative, an in-place cast, values CuPy cannot trace, a
# function calling itself, too many outputs.
import cupy as cp


@cp.fuse()
def neg(x):
    return -x


@cp.fuse()
def sameking(x):
    y = x * 2
    y += 1.5
    return y


@cp.fuse(name='k')
def badkw(x):
    return x


@cp.fuse(kernel_name='my kernel')
def badname(x):
    return x


@cp.fuse()
def strs(x):
    return x + "a"


@cp.fuse()
def bigint(x):
    return x + 123456789012345678901234567890


@cp.fuse()
def rec(x):
    return rec(x) + 1


@cp.fuse()
def many(x):
    return x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
