# run: --kernel combo x=@fuse_helper_python.x.npy y=@fuse_helper_python.y.npy
# check: out0 out1 out2 tol=1e-12
# input: x = rng.standard_normal((6, 7)) * 2
# input: y = rng.standard_normal((6, 7)) * 2
# @cupy.fuse calling plain Python functions as real programs write them (issue 19): keyword
# arguments and defaults (hi=2.0 with lo's default), a tuple returned and unpacked,
# helpers calling helpers, an early `return` in an `if` on a Python argument (a str
# mode="neg", an int n), a recursion that a Python int ends, a one-line def, a module
# constant read in a helper, a helper defined in a function around the fuse function
# (a closure over that function's constant), a helper that no kernel calls full of Python
# kernels reject (never read).
import cupy as cp

SCALE = 0.5


def clamp(v, lo=-1.0, hi=1.0):
    return cp.minimum(cp.maximum(v, lo), hi)


def polar(x, y):
    r = cp.sqrt(x * x + y * y)
    return r, cp.arctan2(y, x)


def power(x, n):
    if n == 0:
        return x * 0 + 1
    return x * power(x, n - 1)


def pick(x, mode="abs"):
    if mode == "abs":
        return cp.abs(x)
    elif mode == "neg":
        return -x
    return x


def sq(v): return v * v


def blend(x, y):
    r, t = polar(x, y)
    return clamp(r * SCALE, hi=2.0) + pick(t, mode="neg") + power(x, 3)


def report(rows):
    with open("log.txt", "w") as fh:
        fh.write(", ".join(f"{k}={v}" for k, v in {r: r * 2 for r in rows}.items()))
    return lambda q: [q] * 2


def make_fused(w=3.0):
    def weigh(v):
        return v * w + sq(v)

    @cp.fuse()
    def combo(x, y):
        a = blend(x, y)
        return a, pick(y), weigh(a)

    return combo


combo = make_fused()
