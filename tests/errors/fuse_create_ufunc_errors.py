# args: --sig 'noloop(complex64[:])' --sig 'noroutine(float32[:])' --sig 'badname(float32[:])' --sig 'mixed(float32[:])' --sig 'badchar(float32[:])' --sig 'promote(float32[:])' --sig 'badkw(float32[:])' --sig 'nargs(float32[:])' --sig 'injit(float32[:])' --sig 'twoout(float32[:], float32[:])' --sig 'routineexpr(float32[:])' --sig 'noloopnew(complex128[:])'
# Ufuncs of cupy._core.create_ufunc that CuPy's fuse refuses (no loop takes the operands:
# the new fusion's "Wrong type", which cupy.fuse raises after its old fusion's "Invalid
# type cast") or that pykc cannot read (each named where it is
# called, with its line): an op without a routine, a name that is no C identifier (CuPy
# names the device function so), ops of several arities, a type character pykc does not
# know, promote_types=, a keyword create_ufunc does not take; a call with too many
# arguments; a jit kernel calling one; out= of a ufunc of two outputs; a routine that is
# not a string; a body typed as the new fusion (a reduction method).
import cupy
from cupy import _core
from cupyx import jit

ok = cupy._core.create_ufunc('u_ok', ('f->f', 'd->d'), 'out0 = in0 + 1')
none = cupy._core.create_ufunc('u_none', ('f->f',), None)
dashed = cupy._core.create_ufunc('u-dashed', ('f->f',), 'out0 = in0')
arity = _core.create_ufunc('u_arity', ['ff->f', 'f->f'], 'out0 = in0')
char = cupy._core.create_ufunc('u_char', ('O->f',), 'out0 = in0')
prom = cupy._core.create_ufunc('u_prom', ('f->f',), 'out0 = in0', promote_types=max)
kw = cupy._core.create_ufunc('u_kw', ('f->f',), 'out0 = in0', bogus=1)
two = cupy._core.create_ufunc('u_two', ('f->ff',), 'out0 = in0; out1 = -in0')
expr = cupy._core.create_ufunc('u_expr', (('f->f', 1.5),), 'out0 = in0')


@cupy.fuse()
def noloop(x):
    return ok(x)


@cupy.fuse()
def noroutine(x):
    return none(x)


@cupy.fuse()
def badname(x):
    return dashed(x)


@cupy.fuse()
def mixed(x):
    return arity(x)


@cupy.fuse()
def badchar(x):
    return char(x)


@cupy.fuse()
def promote(x):
    return prom(x)


@cupy.fuse()
def badkw(x):
    return kw(x)


@cupy.fuse()
def nargs(x):
    return ok(x, x, x)


@jit.rawkernel()
def injit(x):
    x[0] = ok(x[0])


@cupy.fuse()
def twoout(x, y):
    return two(x, out=y)


@cupy.fuse()
def routineexpr(x):
    return expr(x)


@cupy.fuse()
def noloopnew(x):
    return ok(x).sum() + ok(x[0])
