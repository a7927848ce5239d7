# run: --kernel good x=@fuse_file_apart.x.npy y=@fuse_file_apart.y.npy
# check: out
# input: x = rng.standard_normal(40).astype(np.float64)
# input: y = rng.standard_normal(40).astype(np.float64)
# @cupy.fuse: a file's fuse functions are independent, as in CuPy (which traces each one
# when it is called): the others here use what pykc's fuse does not compile, and good
# still compiles and runs.
import cupy as cp


@cp.fuse()
def good(x, y):
    return cp.maximum(x, y) * 2


@cp.fuse()
def sliced(x):
    return x[1:] * 2


@cp.fuse()
def with_lambda(x):
    f = lambda t: t * 2
    return f(x)


@cp.fuse()
def with_with(x):
    with open('log') as fh:
        pass
    return x
