# run: --kernel closures x=@fuse_helper_closure.x.npy y=@fuse_helper_closure.y.npy
# check: out0 out1 tol=1e-12
# input: x = rng.standard_normal(64) * 3
# input: y = rng.standard_normal(64) * 3
# @cupy.fuse with Python functions as values (issue 19): a def nested in the fuse body (a
# closure that reads `c` as it is when called: 0.5, not the 0.25 it had when defined),
# passed to a plain helper that calls it in an unrolled loop, a plain helper passed the
# same way, a def nested in a helper, and the fuse function's outputs the tuple a helper
# returns (two outputs).
import cupy as cp


def apply(f, v, times=2):
    for _ in range(times):
        v = f(v)
    return v


def twice(v):
    return v * 2


def affine_twice(x, k):
    def inner(v):
        return v * k + 1
    return inner(inner(x))


def polar(x, y):
    r = cp.sqrt(x * x + y * y)
    return r, cp.arctan2(y, x)


@cp.fuse()
def closures(x, y):
    c = 0.25

    def shift(v):
        return v + c

    c = 0.5
    a = apply(shift, x, times=3)
    b = apply(twice, affine_twice(y, k=-0.5))
    return polar(a, b)
