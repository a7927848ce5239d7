# args: --sig 'g(float64[:])'
# A plain Python function called from a @cupy.fuse function: CuPy's trace runs its body;
# pykc's compiler inlines only fuse functions, so it names the helper and what to do (the
# Python package traces such a def: tests/python/test_fuse_ufunc.py).
import cupy as cp


def helper(x):
    return x * 2 + 1


@cp.fuse()
def g(x):
    return helper(x)
