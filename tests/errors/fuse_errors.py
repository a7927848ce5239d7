# args: --kernel truth --sig 'truth(float32[:])' --kernel keep --sig 'keep(float32[:])' --kernel mean --sig 'mean(float32[:])' --kernel cast --sig 'cast(float32[:])' --kernel two --sig 'two(float32[:])' --kernel mix --sig 'mix(float32[:])' --kernel boolsub --sig 'boolsub(bool[:], bool[:])' --kernel shift --sig 'shift(float32[:], int32[:])' --kernel pos --sig 'pos(float32[:])' --kernel chain --sig 'chain(float32[:], float32[:])' --kernel axis --sig 'axis(float32[:, :])' --kernel method --sig 'method(float32[:])' --kernel index --sig 'index(float32[:])' --kernel inplace --sig 'inplace(float32[:])' --kernel scalars --sig 'scalars(float32, float64)' --kernel noreturn --sig 'noreturn(float32[:])' --kernel loop --sig 'loop(float32[:])' --kernel undefined --sig 'undefined(float32[:])'
# What CuPy's fuse rejects, with its reason, at the construct (one error per kernel: the
# trace stops at the first, as CuPy's does). two and mix compile: CuPy's new fusion runs
# them (pykc: a sequence of kernels, src/fuse/fuse_stage.c).
import cupy as cp


@cp.fuse()
def truth(x):
    if x > 0:
        return x
    return -x


@cp.fuse()
def keep(x):
    return cp.sum(x, keepdims=True)


@cp.fuse()
def mean(x):
    return cp.mean(x)


@cp.fuse()
def cast(x):
    return cp.float64(x) * 2


@cp.fuse()
def two(x):
    return cp.sum(x) + cp.sum(x * x)


@cp.fuse()
def mix(x):
    s = cp.sum(x)
    return s + x


@cp.fuse()
def boolsub(a, b):
    return a - b


@cp.fuse()
def shift(x, n):
    return x << n


@cp.fuse()
def pos(x):
    return +x


@cp.fuse()
def chain(x, y):
    return 0 < x < y


@cp.fuse()
def axis(x):
    return cp.sum(x, axis=2)


@cp.fuse()
def method(x):
    return x.mean()


@cp.fuse()
def index(x):
    return x[0] * 2


@cp.fuse()
def inplace(x):
    x += 1
    return x


@cp.fuse()
def scalars(a, b):
    return a * b


@cp.fuse()
def noreturn(x):
    y = x * 2


@cp.fuse()
def loop(x):
    for _ in range(3):
        x = x * 2
    return x


@cp.fuse()
def undefined(x):
    return x * scale
