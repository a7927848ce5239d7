# run: --kernel scaled --grid 2 --block 64 x=@jit_helper_const.x.npy y=zeros:float64:100 n=100
# check: y tol=1e-12
# input: x = rng.standard_normal(100)
# A cupyx.jit kernel calling plain Python functions of the program with constant
# arguments: cupyx.jit calls them in Python when it compiles (_compile.py's
# `Constant(func(*args, **kwargs))`) and their values are constants of the kernel: a
# default argument from a module constant, a keyword argument, a docstring, a local, an
# if chain on a str argument, a helper calling a helper.
import cupy as cp
from cupyx import jit

BLOCK = 64


def nblocks(n, per=BLOCK):
    """Blocks for n items."""
    return (n + per - 1) // per


def scale_for(kind, base=2.0):
    if kind == "double":
        s = base * 2
    elif kind == "half":
        s = base / 2
    else:
        s = base
    return s + nblocks(100, per=32)


@jit.rawkernel()
def scaled(x, y, n):
    i = jit.grid(1)
    if i < n:
        y[i] = x[i] * scale_for("half") + nblocks(130) - scale_for("other", base=0.5)
