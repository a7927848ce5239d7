# args: --kernel gcdbool --sig 'gcdbool(bool[:], bool[:])' --kernel cpxlog --sig 'cpxlog(complex64[:])' --kernel divout --sig 'divout(float32[:], float32[:])' --kernel whiletraced --sig 'whiletraced(float32[:])' --kernel whilescalar --sig 'whilescalar(float32[:], int64)' --kernel strayb --sig 'strayb(float32[:])' --kernel forever --sig 'forever(float32[:])' --kernel anglebad --sig 'anglebad(float32[:])'
# What CuPy's fuse refuses among its other ufuncs and loops (each function fails alone):
# gcd's ?-loop is CuPy's error, logaddexp has no complex loop, a while on a traced value
# (or on a scalar argument, traced as well) has no Python truth value; and pykc's limits:
# no out= of a two-output ufunc, at most 4096 passes of an unrolled loop, angle's deg
# known when it traces.
import cupy as cp


@cp.fuse()
def gcdbool(x, y):
    return cp.gcd(x, y)


@cp.fuse()
def cpxlog(z):
    return cp.logaddexp(z, z)


@cp.fuse()
def divout(x, y):
    cp.divmod(x, 2, out=y)
    return y


@cp.fuse()
def whiletraced(x):
    while x > 0:
        x = x - 1
    return x


@cp.fuse()
def whilescalar(x, n):
    while n > 0:
        x = x * 2
        n -= 1
    return x


@cp.fuse()
def strayb(x):
    y = x + 1
    break
    return y


@cp.fuse()
def forever(x):
    k = 0
    while True:
        k += 1
    return x


@cp.fuse()
def anglebad(x):
    return cp.angle(x, deg=x > 0)
