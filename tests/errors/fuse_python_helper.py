# args: --sig 'few(float64[:])' --sig 'many(float64[:])' --sig 'kw(float64[:])' --sig 'twice(float64[:])' --sig 'deep(float64[:])' --sig 'lam(float64[:])' --sig 'star(float64[:])' --sig 'deco(float64[:])' --sig 'strop(float64[:])' --sig 'method(float64[:])' --sig 'bad_syntax(float64[:])' --sig 'unknown(float64[:])' --sig 'fusedkw(float64[:])'
# Plain Python functions called from @cupy.fuse functions: CuPy's trace runs their
# bodies, so pykc reads such a def when a fuse body calls it (not before: host() below,
# full of Python kernels reject, is never an error). What Python or CuPy's trace raises
# is reported where it happens: a call that does not fit the parameters (Python's
# TypeError), a recursion with no end (RecursionError; pykc stops at 32 calls deep), what
# kernels reject inside the helper (at the helper's line), a helper with decorators pykc
# cannot run, a method reached by a bare name (a class's names are not in scope), a
# statement pykc's parser reads nowhere (match), reported when the helper is read; a
# keyword argument to a @fuse function (CuPy's Fusion.__call__ takes *args only).
import functools

import cupy as cp


def scale(x, a, b=2.0):
    return x * a + b


def rec(x, n):
    return rec(x, n + 1)


def with_lambda(x):
    f = lambda v: v + 1
    return f(x)


def starred(x, *rest):
    return x


@functools.lru_cache
def cached(x):
    return x


def host():
    with open("data.txt") as fh:
        rows = [line.split() for line in fh]
    try:
        return {r[0]: r[1:] for r in rows}
    except KeyError:
        raise


class K:
    def helper(self, x):
        return x


def broken(x, kind="sq"):
    match kind:
        case "sq":
            return x * x
    return x


@cp.fuse()
def few(x):
    return scale(x)


@cp.fuse()
def many(x):
    return scale(x, 1.0, 2.0, 3.0)


@cp.fuse()
def kw(x):
    return scale(x, 1.0, c=3.0)


@cp.fuse()
def twice(x):
    return scale(x, 1.0, a=3.0)


@cp.fuse()
def deep(x):
    return rec(x, 0)


@cp.fuse()
def lam(x):
    return with_lambda(x)


@cp.fuse()
def star(x):
    return starred(x)


@cp.fuse()
def deco(x):
    return cached(x)


@cp.fuse()
def strop(x):
    return scale(x, "a")


@cp.fuse()
def method(x):
    return helper(x)


@cp.fuse()
def bad_syntax(x):
    return broken(x)


@cp.fuse()
def unknown(x):
    return not_defined_anywhere(x)


@cp.fuse()
def fused_scale(x, a=2.0):
    return x * a


@cp.fuse()
def fusedkw(x):
    return fused_scale(x, a=3.0)
