"""CuPy 14.2's fusion tests (tests/cupy_tests/core_tests/fusion_tests/), ported to pykc.fuse on
the CPU backend as far as the Python package expresses them.

Each case is CuPy's: the function run by NumPy is the reference, the same function through
pykc.fuse on NumPy arrays must give allclose values (rtol = atol = 3e-3, CuPy's
check_fusion), update its array arguments as NumPy does, and raise where NumPy raises
(CuPy's accept_error: pykc raises pykc.CompileError where CuPy raises TypeError or
ValueError from its trace). CuPy's lambdas are written as defs (pykc.fuse reads a def's
source). Every test class of test_array, test_example, test_kernel_cache, test_misc,
test_reduction, test_routines and test_ufunc is here but what needs CuPy itself: mocks
(test_kernel_cache's trace counts, which CuPy comments out, and test_misc's kernel-name
mock: the values are checked), cupy.get_array_module, devices. The dtypes are a sample of
CuPy's for_all_dtypes (bool, int8, uint8, int32, int64, uint64, float16, float32, float64,
complex64; smaller ones for the dtype pairs), TestFusionReductionLarge one of its shapes.

  python3 tests/python/cupy_fusion.py [-v] [NAME-SUBSTRING]
Prints FAIL lines (or every line with -v) and `N passed, M failed` (pykc's refusals of
what CuPy runs are failures).
"""
import itertools
import linecache
import os
import sys

import numpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python"))
import pykc  # noqa: E402

xp = numpy
ALL = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64",
       "complex64")
NO_BOOL = ALL[1:]
INTS = ("int8", "uint8", "int32", "int64", "uint64")
FLOATS = ("float16", "float32", "float64")
SCALAR_SAMPLE = ("bool", "int8", "uint64", "float16", "float64", "complex64")
VERBOSE = "-v" in sys.argv
PATTERN = next((a for a in sys.argv[1:] if a != "-v"), "")
results = {"pass": 0, "fail": 0}


def shaped_random(shape, dtype, scale=10, seed=0):
    """cupy.testing.shaped_random's values (bools 0/1, others [0, scale))."""
    rng = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return numpy.asarray(rng.randint(0, 2, size=shape)).astype(dtype)
    if dtype.kind == "c":
        return numpy.asarray(rng.rand(*shape) * scale + 1j * rng.rand(*shape) * scale).astype(dtype)
    return numpy.asarray(rng.rand(*shape) * scale).astype(dtype)


def _same(actual, expected):
    if expected is None:
        return actual is None
    if isinstance(expected, tuple):
        return (type(actual) is tuple and len(actual) == len(expected)
                and all(_same(a, e) for a, e in zip(actual, expected)))
    try:
        numpy.testing.assert_allclose(actual, expected, rtol=3e-3, atol=3e-3)
        return True
    except (AssertionError, TypeError, ValueError):
        return False


def check(name, func, inputs, accept=()):
    """CuPy's check_fusion: func(*inputs()) by NumPy against pykc.fuse(func)."""
    if PATTERN not in name:
        return
    args_np, args_fu = inputs(), inputs()
    why = None
    try:
        expected, err_e = func(*args_np), None
    except Exception as e:  # noqa: BLE001 (CuPy's check_fusion compares errors)
        expected, err_e = None, e
    try:
        actual, err_a = pykc.fuse()(func)(*args_fu), None
    except Exception as e:  # noqa: BLE001
        actual, err_a = None, e
    if err_e is not None:
        if not isinstance(err_e, accept):
            why = f"NumPy raised {err_e!r}"
        elif err_a is None:
            why = f"NumPy raised {type(err_e).__name__}, pykc did not"
        elif not isinstance(err_a, accept + (pykc.CompileError,)):
            why = f"pykc raised {err_a!r}"
    elif err_a is not None:
        why = f"pykc raised {type(err_a).__name__}: {str(err_a).splitlines()[0]}"
    elif not _same(actual, expected):
        why = f"result {actual!r} != {expected!r}"
    elif not _same(tuple(args_fu), tuple(args_np)):
        why = "the arguments after the call differ"
    results["fail" if why else "pass"] += 1
    if why or VERBOSE:
        print(f"{'FAIL' if why else 'PASS'} {name}" + (f": {why}" if why else ""))


def plain(name, test):
    """A CuPy test that is no check_fusion: TEST() is true when it passes."""
    if PATTERN not in name:
        return
    try:
        ok, why = bool(test()), "false"
    except Exception as e:  # noqa: BLE001
        ok, why = False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    results["pass" if ok else "fail"] += 1
    if not ok or VERBOSE:
        print(f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f": {why}"))


def make(src, name):
    """The function NAME of source SRC, its source readable by inspect (pykc.fuse reads
    it): CuPy's tests build these as closures over a ufunc or dtype."""
    file = f"<cupy_fusion {len(linecache.cache)} {name}>"
    linecache.cache[file] = (len(src), None, src.splitlines(True), file)
    ns = {"xp": xp}
    exec(compile(src, file, "exec"), ns)
    return ns[name]


def inputs_of(*arrays):
    return lambda: tuple(a.copy() if isinstance(a, numpy.ndarray) else a for a in arrays)


# ---------------------------------------------------------------- test_misc.py

def misc():
    def outarg_mixed(x, y, z, u, v):
        xp.add(x, y, out=z)
        xp.subtract(z, x, out=u)
        xp.multiply(z, x, out=v)
        return u

    def iadd_multiple_times(x, y):
        x += y
        x += y
        x += y
        return x

    for dt in NO_BOOL:
        ins = [shaped_random((3, 4), dt, seed=s) for s in range(5)]
        check(f"misc.outarg_mixed[{dt}]", outarg_mixed, inputs_of(*ins))
        check(f"misc.iadd_multiple_times[{dt}]", iadd_multiple_times, inputs_of(*ins[:2]))

    def tuple_swap(x, y, z):
        w = x * y + z
        (x, w) = (w, x)
        return z * w + y + x

    def return_tuple(x, y, z):
        return x + y, y + z, z * x

    def different_type_same_ufunc(x, y, z):
        x = x.astype('int32')
        y = x.astype('float32')
        return x + y, y + z, z + x

    def return_empty_tuple(x):
        return ()

    def return_singleton_tuple(x):
        return (x,)

    for dt in ALL[:-1]:
        ins = [shaped_random((3, 4), dt, seed=s) for s in range(3)]
        check(f"misc.tuple[{dt}]", tuple_swap, inputs_of(*ins))
        check(f"misc.return_tuple[{dt}]", return_tuple, inputs_of(*ins))
        check(f"misc.multiple_output_different_type[{dt}]", different_type_same_ufunc,
              inputs_of(*ins))
        check(f"misc.return_empty_tuple[{dt}]", return_empty_tuple, inputs_of(ins[0]))
        check(f"misc.return_singleton_tuple[{dt}]", return_singleton_tuple, inputs_of(ins[0]))

    def iadd_once(x):
        x += 2

    def iadd_twice(x):
        x += x
        x += x

    for dt in NO_BOOL[:-1]:
        x = shaped_random((3, 4), dt)
        check(f"misc.return_none_iadd_once[{dt}]", iadd_once, inputs_of(x))
        check(f"misc.return_none_iadd_twice[{dt}]", iadd_twice, inputs_of(x))

    def python_none_parameter(x, y, z):
        if y is None:
            return x * z
        return x + y + z

    for dt in ALL:
        x = numpy.arange(10).astype(dt)
        check(f"misc.python_none_parameter[{dt}]", python_none_parameter,
              inputs_of(x, None, x))

    def nan(x):
        x[:] = numpy.nan
        return x

    def inf(x):
        x[:] = numpy.inf
        return x

    def neginf(x):
        x[:] = -numpy.inf
        return x

    def nan_where(points, mask):
        return xp.where(mask[:, xp.newaxis], xp.nan, points)

    def inf_where(points, mask):
        return xp.where(mask[:, xp.newaxis], xp.inf, points)

    for dt in FLOATS:
        x = shaped_random((3, 4), dt)
        for f in (nan, inf, neginf):
            check(f"misc.special_values_{f.__name__}[{dt}]", f, inputs_of(x))
        for f in (nan_where, inf_where):
            check(f"misc.{f.__name__}[{dt}]", f,
                  inputs_of(shaped_random((256, 2), dt), shaped_random((256,), dt) > 0.5))

    def various_shape(x, y):                         # TestFusionTuple (grid sync)
        a = x + y
        b = xp.sum(a, axis=0)
        x += b
        c = xp.sum(x, axis=0)
        y += c
        return c, b, x, y, a

    def return_none_pass():                          # TestReturnNone.test_pass: no array
        pass

    for dt in ("int8", "uint64", "float32", "float64"):
        check(f"misc.various_shape[{dt}]", various_shape,
              inputs_of(*(shaped_random((3, 4), dt, seed=s) for s in range(2))))
    check("misc.return_none_pass", return_none_pass, inputs_of())

    def f(x, y):
        return x - y * 2, x + y

    def g(x, y, z):
        a, b = f(x + z, z - x * 3)
        c, d = f(x - y, y - z)
        return a + b * c - d

    def h(x, y):
        a, b = f(x + y * 2, y * 3)
        return a - b * g(x - 2, x - 3, -y)

    f = pykc.fuse()(f)                               # CuPy's test fuses all three
    g = pykc.fuse()(g)
    for dt in NO_BOOL:
        x = numpy.arange(9).reshape(3, 3).astype(dt)
        check(f"misc.composition[{dt}]", h, inputs_of(x, x))

    def branch(x):
        if x > 0:
            return x
        return -x

    if PATTERN in "misc.invalid_branch":             # CuPy's own check: a TypeError
        try:                                          # naming Python scalars
            pykc.fuse()(branch)(shaped_random((3, 3), "int64"))
            ok = False
        except pykc.CompileError as e:
            ok = "Python scalar" in str(e)
        results["pass" if ok else "fail"] += 1
        if not ok or VERBOSE:
            print(f"{'PASS' if ok else 'FAIL'} misc.invalid_branch")

    def kernel_name_elementwise(x, y, z):
        return (x + y) * z

    def kernel_name_reduction_premap(x, y, z):
        return xp.sum((x + y) * z)

    def kernel_name_reduction_postmap(x):
        return xp.sqrt(xp.sum(x) + 10)

    def kernel_name_reduction_01(x, y, z):
        return xp.sqrt(xp.prod(x + y * z, axis=1) + 10)

    a = numpy.arange(0, 12, dtype="d").reshape(3, 4)
    b = numpy.arange(5, 17, dtype="d").reshape(3, 4)
    c = numpy.arange(13, 25, dtype="d").reshape(3, 4)
    check("misc.kernel_name_elementwise", kernel_name_elementwise, inputs_of(a, b, c))
    check("misc.kernel_name_reduction_premap", kernel_name_reduction_premap,
          inputs_of(a, b, c))
    check("misc.kernel_name_reduction_postmap", kernel_name_reduction_postmap, inputs_of(a))
    check("misc.kernel_name_reduction_01", kernel_name_reduction_01, inputs_of(a, b, c))
    named = pykc.fuse(kernel_name="abc")
    for name, f in (("elementwise_with_name", kernel_name_elementwise),
                    ("reduction_with_name", kernel_name_reduction_premap)):
        plain(f"misc.kernel_name_{name}", lambda f=f: numpy.allclose(
            named(f)(a, b, c), f(a, b, c), atol=1e-5) and named(f).name == "abc")

    def clear_cache(x, y):                           # TestFusionCompile
        return x - y * 2

    for dt in NO_BOOL:
        x = numpy.arange(9).reshape(3, 3).astype(dt)
        fz = pykc.fuse()(clear_cache)
        plain(f"misc.clear_cache[{dt}]", lambda fz=fz, x=x: fz.clear_cache() is None
              and numpy.array_equal(fz(x, x), clear_cache(x, x)))

    def func_wo_paren(x):                            # TestFusionDecorator
        """Fuse without parentheses"""
        return x + x

    def func_w_paren(x):
        """Fuse with parentheses"""
        return x + x

    for name, fn, d in (("without_paren", func_wo_paren, pykc.fuse(func_wo_paren)),
                        ("with_paren", func_w_paren, pykc.fuse()(func_w_paren))):
        plain(f"misc.decorator_{name}", lambda fn=fn, d=d: d.__name__ == fn.__name__
              and d.__doc__ == fn.__doc__)

    def thread_f(x, y):                              # TestFusionThread
        return x + y * 2

    def thread_multiple_dtypes():
        import threading
        f = pykc.fuse()(thread_f)
        x1 = numpy.arange(9, dtype=numpy.int64).reshape(3, 3)
        x2 = x1.astype(numpy.float64)
        out = [None] * 100

        def target(tid):
            x = x1 if tid % 2 == 0 else x2
            out[tid] = f(x, x).astype(numpy.int64)

        for lo in (0, 50):
            ts = [threading.Thread(target=target, args=(t,), daemon=True)
                  for t in range(lo, lo + 50)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
        return all(o is not None and numpy.array_equal(o, thread_f(x1, x1)) for o in out)

    plain("misc.thread_multiple_dtypes", thread_multiple_dtypes)

    def weak_int(x, y):                              # TestOldFusionExplicit (its value)
        return xp.equal(x, 1)

    check("misc.weak_int", weak_int, inputs_of(numpy.arange(10), 1))


# ---------------------------------------------------------------- test_ufunc.py

def ufunc():
    def add(x, y):
        return x + y

    shapes = [((1,), (1,)), ((3, 4), (3, 4)), ((10,), (1,)), ((3, 4), (3, 1)),
              ((3, 4), (1, 4)), ((3, 4), (4,)), ((3, 4), (1, 1)), ((3, 4), (1,)),
              ((2, 3, 4), (1, 1, 1)), ((3, 1), (1, 4)), ((2, 1, 4), (3, 1)), ((0,), (0,)),
              ((0,), (1,)), ((2, 0, 3), (2, 0, 3)), ((2, 0, 3), (0, 1)),
              ((256, 256), (256,)), ((256, 256), (256, 1))]
    perms = sorted({p for s in shapes for p in itertools.permutations(s)})
    for s1, s2 in perms:
        check(f"ufunc.broadcast[{s1},{s2}]", add,
              inputs_of(shaped_random(s1, "int64", seed=0), shaped_random(s2, "int64", seed=1)))

    def iadd(x, y):
        x += y

    bad = [((2,), (3,)), ((2,), (0,)), ((3, 2), (3, 3)), ((3, 2), (2, 2)), ((3,), (1, 2))]
    for s1, s2 in sorted({p for s in bad for p in itertools.permutations(s)}):
        ins = inputs_of(shaped_random(s1, "int64", seed=0), shaped_random(s2, "int64", seed=1))
        check(f"ufunc.broadcast_invalid[{s1},{s2}]", add, ins, accept=(ValueError,))
        check(f"ufunc.broadcast_invalid_inplace[{s1},{s2}]", iadd, ins, accept=(ValueError,))

    x = inputs_of(shaped_random((3, 4), "int64"))

    def add_self(x):
        return x + x

    def too_less(x):
        return xp.add(x)

    def too_much(x):
        return xp.add(x, x, x, x)

    def add_none(x):
        return x + None

    def out_none(x):
        xp.add(x, x, out=None)

    def divmod_(x):
        return xp.divmod(x, x)

    check("ufunc.parse_input_add", add_self, x)
    check("ufunc.add_too_less_param", too_less, x, accept=(ValueError, TypeError))
    check("ufunc.add_too_much_param", too_much, x, accept=(ValueError, TypeError))
    check("ufunc.add_none", add_none, x, accept=(TypeError,))
    check("ufunc.add_kwargs_out_none", out_none, x)
    check("ufunc.divmod", divmod_, x)

    def add_object(x):
        return x + object()

    def add_out_object(x):
        xp.add(x, x, object())
        return x

    def add_kwargs_out_object(x):
        xp.add(x, x, out=object())
        return x

    check("ufunc.add_object", add_object, x, accept=(TypeError,))
    check("ufunc.add_out_object", add_out_object, x, accept=(TypeError,))
    check("ufunc.add_kwargs_out_object", add_kwargs_out_object, x, accept=(TypeError,))

    # TestFusionScalar's scalars made in the body (dtype2(1).item(), dtype2(1)): the
    # closure's value as the source writes it
    for d1, d2 in itertools.product(SCALAR_SAMPLE, repeat=2):
        py = repr(numpy.dtype(d2).type(1).item())
        npy = f"xp.{numpy.dtype(d2).type.__name__}(1)"
        arr = inputs_of(shaped_random((3, 4), d1))
        for side, v in (("python", py), ("numpy", npy)):
            r = make(f"def scalar_r(array):\n    s = {v}\n    return array + s\n", "scalar_r")
            l_ = make(f"def scalar_l(array):\n    s = {v}\n    return s + array\n", "scalar_l")
            check(f"ufunc.{side}_scalar_r[{d1},{d2}]", r, arr)
            check(f"ufunc.{side}_scalar_l[{d1},{d2}]", l_, arr)

    def outarg(x, y, z):
        xp.add(x, y, out=z)
        return z

    for d1, d2 in itertools.product(SCALAR_SAMPLE, repeat=2):
        check(f"ufunc.out_dtype[{d1},{d2}]", outarg,
              inputs_of(shaped_random((3, 4), d1, seed=0), shaped_random((3, 4), d1, seed=1),
                        shaped_random((3, 4), d2, seed=2)), accept=(TypeError,))

    def scalar_inplace_update(scalar1, scalar2, array):
        scalar1_copy = scalar1
        scalar1 += scalar2
        return array + scalar1 + scalar1_copy

    def scalar_inplace_update_with_array(array, scalar):
        scalar += array
        return scalar

    def scalar_and_constant_mix(array, scalar):
        return 1.0 - (array * array) / (scalar * scalar)

    def param_r(array, s):
        return array + s

    def param_l(s, array):
        return s + array

    def binop(scalar1, scalar2, array):
        dtype = (scalar1 + scalar2).dtype
        return array.astype(dtype)

    for d1, d2 in itertools.product(SCALAR_SAMPLE, repeat=2):
        arr = shaped_random((3, 4), d1)
        s2 = numpy.dtype(d2).type(1)
        check(f"ufunc.python_scalar_param_r[{d1},{d2}]", param_r, inputs_of(arr, s2.item()))
        check(f"ufunc.python_scalar_param_l[{d1},{d2}]", param_l, inputs_of(s2.item(), arr))
        check(f"ufunc.numpy_scalar_param_r[{d1},{d2}]", param_r, inputs_of(arr, s2))
        check(f"ufunc.numpy_scalar_param_l[{d1},{d2}]", param_l, inputs_of(s2, arr))
        three = inputs_of(numpy.dtype(d1).type(1), s2, shaped_random((3, 4), "int64"))
        check(f"ufunc.numpy_scalar_params_binop[{d1},{d2}]", binop, three)
        check(f"ufunc.scalar_inplace_update[{d1},{d2}]", scalar_inplace_update, three)
        check(f"ufunc.scalar_inplace_update_with_array[{d1},{d2}]",
              scalar_inplace_update_with_array, inputs_of(arr, s2))
        check(f"ufunc.scalar_and_constant_mix[{d1},{d2}]", scalar_and_constant_mix,
              inputs_of(arr, s2))


# ---------------------------------------------------------------- test_array.py

def array():
    def arg(dt, seed, kind):
        if kind == "array":
            x = shaped_random((3, 4), dt, scale=5, seed=seed)
            x[x == 0] = 1
            return x
        return numpy.dtype(dt).type(3) if kind == "scalar" else numpy.dtype(dt).type(3).tolist()

    def neg(x, y):
        return -x

    def add(x, y):
        return x + y

    def sub(x, y):
        return x - y

    def mul(x, y):
        return x * y

    def div(x, y):
        return x / y

    def pow_(x, y):
        return x ** y

    def eq(x, y):
        return x == y

    def lt(x, y):
        return x < y

    def ge(x, y):
        return x >= y

    def ne(x, y):
        return x != y

    def le(x, y):
        return x <= y

    def gt(x, y):
        return x > y

    def lshift(x, y):
        return x << y

    def rshift(x, y):
        return x >> y

    def or_(x, y):
        return x | y

    def and_(x, y):
        return x & y

    def xor(x, y):
        return x ^ y

    def invert(x, y):
        return ~x

    def floordiv(x, y):
        return x // y

    sides = [("array", "array"), ("array", "scalar"), ("array", "primitive"),
             ("scalar", "array"), ("primitive", "array")]
    sample = ("int8", "int64", "float16", "float64")
    for f in (neg, add, sub, mul, div, pow_, eq, ne, lt, le, gt, ge):
        for (lv, rv), (d1, d2) in itertools.product(sides, itertools.product(sample, repeat=2)):
            check(f"array.operator_{f.__name__}[{lv},{rv},{d1},{d2}]", f,
                  inputs_of(arg(d1, 0, lv), arg(d2, 1, rv)))
    for f in (lshift, rshift, and_, or_, xor, invert):
        for (lv, rv), (d1, d2) in itertools.product(sides, itertools.product(
                ("int8", "uint8", "int64"), repeat=2)):
            check(f"array.bitwise_{f.__name__}[{lv},{rv},{d1},{d2}]", f,
                  inputs_of(arg(d1, 0, lv), arg(d2, 1, rv)))
    for (lv, rv), (d1, d2) in itertools.product(sides, itertools.product(sample, repeat=2)):
        check(f"array.floor_divide[{lv},{rv},{d1},{d2}]", floordiv,
              inputs_of(arg(d1, 0, lv), arg(d2, 1, rv)))

    def iadd(x, y):
        x += y

    def isub(x, y):
        x -= y

    def imul(x, y):
        x *= y

    def itruediv(x, y):
        x /= y

    def imod(x, y):
        x %= y

    def ipow(x, y):
        x **= y

    def ilshift(x, y):
        x <<= y

    def iand(x, y):
        x &= y

    def ixor(x, y):
        x ^= y

    def irshift(x, y):
        x >>= y

    def ior(x, y):
        x |= y

    for lv, rv in sides[:3]:
        for dt in NO_BOOL:
            for f in (iadd, isub, imul, ipow):
                check(f"array.inplace_{f.__name__}[{lv},{rv},{dt}]", f,
                      inputs_of(arg(dt, 0, lv), arg(dt, 1, rv)))
        for dt in FLOATS:
            check(f"array.inplace_itruediv[{lv},{rv},{dt}]", itruediv,
                  inputs_of(arg(dt, 0, lv), arg(dt, 1, rv)))
        for dt in INTS:
            check(f"array.int_itruediv_raises[{lv},{rv},{dt}]", itruediv,
                  inputs_of(arg(dt, 0, lv), arg(dt, 1, rv)), accept=(TypeError,))
            for f in (imod, ilshift, irshift, iand, ior, ixor):
                check(f"array.inplace_{f.__name__}[{lv},{rv},{dt}]", f,
                      inputs_of(arg(dt, 0, lv), arg(dt, 1, rv)))

    def setitem_ellipsis(x, y):
        y[...] = x
        return y

    def setitem_slice(x, y):
        y[:] = x
        return y

    xy = inputs_of(shaped_random((3, 4), "int32", seed=0), shaped_random((3, 4), "int32", seed=1))
    check("array.setitem_ellipsis", setitem_ellipsis, xy, accept=(TypeError,))
    check("array.setitem_non_slice", setitem_slice, xy, accept=(TypeError,))

    def copy(x):
        return x.copy()

    def sum_(x):
        return x.sum()

    def prod(x):
        return x.prod()

    def max_(x):
        return x.max()

    def min_(x):
        return x.min()

    def all_(x):
        return x.all()

    def any_(x):
        return x.any()

    for dt in ALL:
        x = inputs_of(shaped_random((3, 4), dt))
        for f in (copy, sum_, prod, max_, min_) + ((all_, any_) if dt != "complex64" else ()):
            check(f"array.method_{f.__name__.rstrip('_')}[{dt}]", f, x)

    for d1, d2 in itertools.product(SCALAR_SAMPLE, ALL):
        astype = make(f"def astype(x):\n    return x.astype({d2!r})\n", "astype")
        check(f"array.astype[{d1},{d2}]", astype, inputs_of(shaped_random((3, 4), d1)))


# ---------------------------------------------------------------- test_routines.py

def pairs(no_bool=False, no_complex=False, sample=("bool", "int8", "uint64", "float32",
                                                  "complex64")):
    """A sample of for_all_dtypes_combination's pairs."""
    d = [t for t in sample if not (no_bool and t == "bool")
         and not (no_complex and t.startswith("complex"))]
    return list(itertools.product(d, repeat=2))


def dtypes(no_bool=False, no_complex=False):
    """for_all_dtypes (the sample ALL)."""
    return [t for t in ALL if not (no_bool and t == "bool")
            and not (no_complex and t.startswith("complex"))]


def routines():
    def unary(x):                                    # FusionUnaryUfuncTestBase
        return lambda: (shaped_random((3, 4), x, scale=10, seed=0),)

    def binary(d1, d2, scale=10, seed2=1, nonzero=False):   # FusionBinaryUfuncTestBase
        def gen():
            y = shaped_random((3, 4), d2, scale=scale, seed=seed2)
            if nonzero:
                y[y == 0] = 1
            return shaped_random((3, 4), d1, scale=scale, seed=0), y
        return gen

    def fn(name, nin, pre=""):
        args = ", ".join("xyz"[:nin])
        return make(f"def {name}_({args}):\n{pre}    return xp.{name}({args})\n", name + "_")

    # TestFusionBitwiseBinary: the uint64 / signed pairs return None (CuPy skips them)
    for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"):
        f = make(f"def {name}_(x, y):\n"
                 f"    if ((x.dtype == 'uint64' and y.dtype.kind == 'i')\n"
                 f"            or (y.dtype == 'uint64' and x.dtype.kind == 'i')):\n"
                 f"        return\n"
                 f"    return xp.{name}(x, y)\n", name + "_")
        for d1, d2 in pairs(sample=("int8", "uint8", "int64", "uint64")):
            check(f"routines.bitwise[{name},{d1},{d2}]", f, binary(d1, d2))
    for dt in INTS:
        check(f"routines.invert[{dt}]", fn("invert", 1), unary(dt))
    for name in ("greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
                 "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "fmax",
                 "fmin"):
        for d1, d2 in pairs(no_complex=True):
            check(f"routines.comparison[{name},{d1},{d2}]", fn(name, 2), binary(d1, d2))
    for dt in dtypes(no_complex=True):
        check(f"routines.logical_not[{dt}]", fn("logical_not", 1), unary(dt))

    def contents(dt, has_nan):                       # TestFusionArrayContents
        if numpy.dtype(dt).kind not in "fc":
            return unary(dt)
        nan, inf = numpy.nan, numpy.dtype(dt).type(float("inf"))
        v = [-3, nan, -1, nan, 0, nan, inf] if has_nan else [-3, inf, -1, -inf, 0, 1, 2]
        return lambda: (numpy.array(v, dtype=dt),)

    for dt in ALL:
        check(f"routines.isfinite[{dt}]", fn("isfinite", 1), contents(dt, False))
        check(f"routines.isinf[{dt}]", fn("isinf", 1), contents(dt, False))
        check(f"routines.isnan[{dt}]", fn("isnan", 1), contents(dt, True))

    def trig_input(dt):
        if numpy.dtype(dt).kind not in "fc":
            return lambda: (numpy.array([0, 1]),)
        return lambda: (shaped_random((3, 4), dt, scale=1, seed=0),)

    for name in ("sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
                 "arcsinh", "arccosh", "arctanh"):
        for dt in ALL:
            with numpy.errstate(divide="ignore", invalid="ignore"):
                check(f"routines.trigonometric[{name},{dt}]", fn(name, 1), trig_input(dt))
    for name in ("arctan2", "hypot"):
        for d1, d2 in pairs(no_complex=True):
            check(f"routines.trigonometric_binary[{name},{d1},{d2}]", fn(name, 2),
                  binary(d1, d2))
    for name in ("deg2rad", "rad2deg", "degrees", "radians"):
        for dt in dtypes(no_complex=True):
            check(f"routines.degrad[{name},{dt}]", fn(name, 1), unary(dt))
    for name in ("around", "round", "rint", "floor", "ceil", "trunc", "fix"):
        for dt in dtypes(no_complex=True):
            check(f"routines.rounding[{name},{dt}]", fn(name, 1), unary(dt))
    for name in ("exp", "expm1", "exp2", "log", "log10", "log2", "log1p"):
        for dt in ALL:
            gen = (lambda d: lambda: (shaped_random((3, 4), d, scale=10, seed=0) + 1,))(dt)
            check(f"routines.explog[{name},{dt}]", fn(name, 1), gen)
    for name in ("logaddexp", "logaddexp2"):
        for d1, d2 in pairs(no_complex=True):
            check(f"routines.explog_binary[{name},{d1},{d2}]", fn(name, 2), binary(d1, d2))
    for d1 in FLOATS:
        for d2 in ("int32", "int64"):
            check(f"routines.ldexp[{d1},{d2}]", fn("ldexp", 2), binary(d1, d2))
    for name in ("signbit", "frexp"):
        for dt in dtypes(no_complex=True):
            check(f"routines.floating_unary[{name},{dt}]", fn(name, 1), unary(dt))
    for name in ("copysign", "nextafter"):
        for d1, d2 in pairs(no_complex=True):
            check(f"routines.floating_binary[{name},{d1},{d2}]", fn(name, 2), binary(d1, d2))

    def nonzero_unary(dt):                           # TestArithmeticUnary
        def gen():
            x = shaped_random((3, 4), dt, scale=10, seed=0)
            x[x == 0] = 1
            return (x,)
        return gen

    for name in ("reciprocal", "negative", "angle", "conj", "real", "imag"):
        for dt in dtypes(no_bool=True):
            check(f"routines.arithmetic_unary[{name},{dt}]", fn(name, 1), nonzero_unary(dt))
    for dt in dtypes(no_complex=True):
        check(f"routines.modf[{dt}]", fn("modf", 1), unary(dt))
    for name in ("add", "subtract", "multiply", "power"):
        for d1, d2 in pairs(no_bool=True, no_complex=True):
            check(f"routines.arithmetic_binary[{name},{d1},{d2}]", fn(name, 2),
                  binary(d1, d2, scale=5, seed2=0))
    for name in ("divide", "true_divide", "floor_divide", "fmod", "remainder"):
        for d1, d2 in pairs(no_complex=True):
            check(f"routines.divide[{name},{d1},{d2}]", fn(name, 2), binary(d1, d2, nonzero=True))
    for d1, d2 in pairs(no_complex=True):
        check(f"routines.divmod[{d1},{d2}]", fn("divmod", 2), binary(d1, d2, nonzero=True))
    for name, opts in (("sqrt", {"no_complex": True}), ("cbrt", {"no_complex": True}),
                       ("square", {}), ("absolute", {"no_complex": True, "no_bool": True}),
                       ("abs", {"no_complex": True, "no_bool": True}),
                       ("sign", {"no_complex": True, "no_bool": True})):
        for dt in dtypes(**opts):
            check(f"routines.misc[{name},{dt}]", fn(name, 1), unary(dt))
    for dt in dtypes(no_complex=True):
        t = numpy.dtype(dt).type.__name__
        clip = make(f"def clip(x):\n    return xp.clip(x, xp.{t}(2), xp.{t}(4))\n", "clip")
        check(f"routines.misc[clip,{dt}]", clip, unary(dt))
    for name in ("i0", "sinc"):
        for dt in FLOATS:
            check(f"routines.special_math[{name},{dt}]", fn(name, 1), unary(dt))

    def manipulation(d1, d2):                        # TestFusionManipulation
        return lambda: (shaped_random((3, 4), "bool", seed=0),
                        shaped_random((3, 4), d1, scale=10, seed=1),
                        shaped_random((3, 4), d2, scale=10, seed=2))

    def where(cond, x, y):
        return xp.where(cond, x, y)

    def copyto(cond, x, y):
        return xp.copyto(x, y)

    def copyto_where(cond, x, y):
        return xp.where(x, y, where=cond)

    for d1, d2 in pairs():
        check(f"routines.where[{d1},{d2}]", where, manipulation(d1, d2))
    for d1, d2 in pairs(no_complex=True):
        check(f"routines.copyto[{d1},{d2}]", copyto, manipulation(d1, d2), accept=(TypeError,))
        check(f"routines.copyto_where[{d1},{d2}]", copyto_where, manipulation(d1, d2),
              accept=(TypeError,))
    for name in ("sum", "prod", "amax", "amin", "max", "min"):
        for dt in ALL:
            check(f"routines.numerical_reduction[{name},{dt}]", fn(name, 1), unary(dt))
    for name in ("all", "any"):
        for dt in dtypes(no_complex=True):
            check(f"routines.logical_reduction[{name},{dt}]", fn(name, 1), unary(dt))


# ---------------------------------------------------------------- test_indexing.py

def indexing():
    # CuPy's (shape, indices) pairs, the indices as the source writes them (pykc.fuse reads
    # the def's source: CuPy's closure over a slice object is its literal here)
    getitem = [
        ((2, 3, 4), "1"), ((2, 3, 4), "-1"), ((2, 3, 4), "(1,)"), ((2, 3, 4), "1, 0"),
        ((2, 3, 4), "1, 0, 2"), ((2, 3, 4), "-1, 0, -2"),
        ((2, 3, 4), ":"), ((2, 3, 4), "::1"), ((2, 3, 4), "::-1"), ((2, 3, 4), ":, ::-1"),
        ((2, 3, 4), "..."), ((2, 3, 4), "(Ellipsis,)"),
        ((2, 3, 4), "None"), ((2, 3, 4), "(None,)"), ((2, 3, 4), "None, None, None"),
        ((2, 3, 4), ":, 0, ::-1"), ((2, 3, 4), "1, None, ::-1, None, 2"),
        ((2,), ":, None"), ((2, 3, 4), "..., 2"), ((2, 3, 4), "1, ..."),
        ((2, 3, 4, 5), "1, ..., 3"),
    ]
    for shape, key in getitem:
        f = make(f"def getitem(x):\n    return x[{key}]\n", "getitem")
        for dt in ALL:
            check(f"indexing.getitem[{shape},{key},{dt}]", f,
                  inputs_of(shaped_random(shape, dt, scale=10, seed=0)))
    invalid = [((), "0"), ((2, 3), "0, 0, 0"), ((2, 3, 4), "-3"), ((2, 3, 4), "3")]
    for shape, key in invalid:
        f = make(f"def getitem(x):\n    return x[{key}]\n", "getitem")
        for dt in ("bool", "int32", "float64"):
            x = numpy.arange(int(numpy.prod(shape))).reshape(shape).astype(dt)
            check(f"indexing.invalid_getitem[{shape},{key},{dt}]", f, inputs_of(x),
                  accept=(IndexError,))

    def add_1(x, y, z):
        return x + y[1]

    def add_2(x, y, z):
        return x + z[0] + y

    def add_3(x, y, z):
        return x + x[0] + x[1]

    def add_4(x, y, z):
        return x + x[0, 1] + x[1] + x + x[2, 1]

    def twice_1(x, y, z):
        return x[0][1]

    def twice_2(x, y, z):
        return x[0][1] + x[1][0]

    def twice_3(x, y, z):
        return x[0][1] + x[1] + y[0] + x[1][0] + x

    pairs = list(itertools.product(("int8", "int32", "uint64", "float16", "float64",
                                    "complex64"), repeat=2))
    for d1, d2 in pairs:
        xyz = inputs_of(shaped_random((3, 4), d1, seed=0), shaped_random((4,), d2, seed=1),
                        shaped_random((1,), d1, seed=2))
        for f in (add_1, add_2, add_3, add_4, twice_1, twice_2, twice_3):
            check(f"indexing.{f.__name__}[{d1},{d2}]", f, xyz)


# ---------------------------------------------------------------- test_reduction.py

def reduction():
    AxisError = getattr(numpy, "exceptions", numpy).AxisError
    i64 = lambda shape: inputs_of(shaped_random(shape, "int64", scale=10, seed=0))  # noqa: E731
    for shape in ((1,), (3, 4), (2, 1, 4), (2, 0, 3)):       # TestFusionReductionAxis
        for axis in range(-4, 5):
            pos = make(f"def sum_axis(x):\n    return xp.sum(x, {axis})\n", "sum_axis")
            kw = make(f"def sum_kwargs_axis(x):\n    return xp.sum(x, axis={axis})\n",
                      "sum_kwargs_axis")
            check(f"reduction.axis[{shape},{axis}]", pos, i64(shape), accept=(AxisError,))
            check(f"reduction.kwargs_axis[{shape},{axis}]", kw, i64(shape), accept=(AxisError,))
    for shape in ((1,), (3, 4), (2, 1, 4), (2, 0, 3), (2, 3, 2, 2, 3)):   # ...MultiAxis
        for axis in (None, (0,), (1,), (0, 1), (1, 2), (0, 2), (1, 3)):
            pos = make(f"def sum_axis(x):\n    return xp.sum(x, {axis!r})\n", "sum_axis")
            kw = make(f"def sum_kwargs_axis(x):\n    return xp.sum(x, axis={axis!r})\n",
                      "sum_kwargs_axis")
            check(f"reduction.multi_axis[{shape},{axis}]", pos, i64(shape),
                  accept=(ValueError, AxisError))
            check(f"reduction.multi_kwargs_axis[{shape},{axis}]", kw, i64(shape),
                  accept=(ValueError, AxisError))
    for axis in (None, 0, 1, 2, (0, 1), (0, 2), (1, 2)):    # ...Large (one of its shapes)
        kw = make(f"def sum_kwargs_axis(x):\n    return xp.sum(x, axis={axis!r})\n",
                  "sum_kwargs_axis")
        check(f"reduction.large[(119, 127, 143),{axis}]", kw, i64((119, 127, 143)))
    for d1, d2 in pairs(no_bool=True, no_complex=True,   # ...SpecifyDtype
                        sample=("int8", "uint8", "int64", "uint64", "float16", "float32")):
        f = make(f"def sum_dtype(x):\n    return x.sum(axis=0, dtype=xp.{d2})\n", "sum_dtype")
        check(f"reduction.specify_dtype[{d1},{d2}]", f,
              inputs_of(shaped_random((3, 4), d1, scale=10, seed=0)), accept=(TypeError,))

    xy = inputs_of(shaped_random((3, 4), "int64", scale=10, seed=0),
                   shaped_random((3, 4), "int64", scale=10, seed=1))
    bodies = {                                       # TestFusionReductionAndElementwise
        "premap_one_array": "    return xp.sum(x * 3, {a})\n",
        "premap_two_arrays": "    return xp.sum(x + y, {a})\n",
        "postmap_one_array": "    return xp.sum(x, {a}) + 3\n",
        "postmap_two_arrays": "    return xp.sum(x, {a}) + y\n",
        "premap_postmap": "    return xp.sum(xp.sqrt(x) + y, {a}) * 2 + y\n",
        "postmap_inplace": "    y += x\n    res = xp.sum(x, {a})\n    y += res\n",
    }
    for axis in (None, 0, 1):
        for name, body in bodies.items():
            f = make(f"def {name}(x, y):\n" + body.format(a=axis), name)
            check(f"reduction.{name}[{axis}]", f, xy, accept=(ValueError,))
    for a1, a2 in itertools.product((None, 0, 1), repeat=2):  # TestFusionMultipleReductions
        f = make(f"def two(x, y):\n    return (x.sum({a1}), y.sum({a2}))\n", "two")
        g = make(f"def two_ew(x, y):\n    return x.sum({a1}) + y.sum({a2})\n", "two_ew")
        check(f"reduction.two_distinct_reductions[{a1},{a2}]", f, xy)
        check(f"reduction.two_reductions_and_elementwise[{a1},{a2}]", g, xy,
              accept=(ValueError,))

    def multistage(x):                               # TestFusionMultistageReductions
        return x.prod(axis=1).sum(axis=1)

    def multistage_ew(x):
        return (xp.sqrt(x).prod(axis=0) + x).sum(axis=1) * 2

    def multistage_multi_axis(x):
        return x.prod(axis=(-1, 1)).sum(axis=(0, 1))

    check("reduction.multistage_reductions", multistage, i64((3, 4, 5)))
    check("reduction.multistage_reductions_and_elementwise", multistage_ew, i64((3, 4, 5)))
    check("reduction.multistage_multi_axis", multistage_multi_axis, i64((3, 4, 5, 6)))
    for name in ("sum", "prod", "nansum", "nanprod"):  # TestFusionReductionRoutines
        f = make(f"def {name}_(x):\n    return xp.{name}(x)\n", name + "_")
        check(f"reduction.routines[{name}]", f, i64((30,)))

    def sum_div_clip(x):                             # TestFusionMisc
        x = x / xp.sum(x)
        return xp.clip(x, 2, 7)

    check("reduction.sum_div_clip", sum_div_clip, i64((3, 4)))


# ---------------------------------------------------------------- test_example.py

def example():
    def batchnorm(x, gamma, beta, running_mean, running_var, size, adjust):
        decay = 0.9
        eps = 2e-5
        expander = (None, slice(None), None, None)

        gamma = gamma[expander]
        beta = beta[expander]
        mean = xp.sum(x, axis=(0, 2, 3)) / size
        diff = x - mean[expander]
        var = xp.sum(diff * diff, axis=(0, 2, 3)) / size
        inv_std = 1. / xp.sqrt(var + eps)
        y = gamma * diff * inv_std[expander] + beta

        running_mean *= decay
        running_mean += (1 - decay) * mean
        running_var *= decay
        running_var += (1 - decay) * adjust * var
        return y

    shape = (8, 64, 112, 112)                        # CuPy's (a slow test there too)
    chan = shape[1]
    x = shaped_random(shape, "float32", scale=10, seed=0)
    size = x.size // chan
    check("example.batchnorm", batchnorm,
          inputs_of(x, numpy.ones(chan), numpy.zeros(chan), numpy.zeros(chan),
                    numpy.ones(chan), size, size / max(size - 1., 1.)))


# ---------------------------------------------------------------- test_kernel_cache.py

def kernel_cache():
    def add(x, y):
        return x + y

    def calls(name, seq):
        """One Fusion called in sequence on the (x, y) pairs of SEQ, as CuPy's test."""
        f = pykc.fuse()(add)
        plain(f"kernel_cache.{name}", lambda: all(
            numpy.array_equal(f(x, y), x + y) for x, y in seq()))

    def r(shape, dt, seed):
        return shaped_random(shape, dt, scale=10, seed=seed)

    calls("same_array", lambda: [(r((3, 4), "int32", 0), r((3, 4), "int32", 1))] * 2)
    calls("dtype_combinations", lambda: [
        (r((3, 4), "int32", 0), r((3, 4), "int32", 1)),
        (r((3, 4), "int32", 2), r((3, 4), "int16", 3)),
        (r((3, 4), "int32", 4), r((3, 4), "int16", 5)),
        (r((3, 4), "int16", 6), r((3, 4), "int32", 7)),
        (r((3, 4), "int32", 8), r((3, 4), "int32", 9))])
    calls("shape_combinations", lambda: [
        (r((3, 4), "int32", 0), r((3, 4), "int32", 1)),
        (r((4, 5), "int32", 2), r((4, 5), "int32", 3)),
        (r((5,), "int32", 4), r((4, 5), "int32", 5)),
        (r((4, 3), "int32", 6), r((4, 3), "int32", 7)),
        (r((4, 1), "int32", 8), r((4, 5), "int32", 9)),
        (r((1, 1), "int32", 8), r((1, 1), "int32", 9))])

    def not_broadcast():
        try:
            pykc.fuse()(add)(r((2, 5), "int32", 10), r((4, 5), "int32", 11))
        except ValueError as e:
            return "could not be broadcast" in str(e)
        return False

    plain("kernel_cache.shape_combinations_invalid", not_broadcast)
    x, x3 = r((3, 4), "int32", 0), r((3, 3), "int32", 6)
    calls("memoryspace_combinations", lambda: [
        (x, x), (r((3, 4), "int32", 2), r((3, 4), "int32", 3)), (x3[:], x3), (x3, x3.T)])


if __name__ == "__main__":
    for part in (misc, ufunc, array, indexing, routines, reduction, example, kernel_cache):
        part()
    print(f"{results['pass']} passed, {results['fail']} failed")
