#!/usr/bin/env python3
"""CuPy 14.2's own fusion tests (tests/cupy_tests/core_tests/fusion_tests/*.py of a CuPy
source tree), run unchanged with `cupy.fuse` being pykc.fuse on the CPU backend.

    python3 tools/cupy_tests_cpu.py TESTS_DIR [-v] [--full|--sample|--one] [--dtypes CHARS]
                                    [SUBSTRING[,SUBSTRING...]]
    python3 tools/cupy_tests_cpu.py --git CUPY_GIT_DIR [--rev v14.2.0] [-v] [SUBSTRING]

TESTS_DIR is the `tests` folder of a CuPy source tree. Each file is read from CuPy's tree
and run with `cupy`, `cupy.testing`, `pytest` and `unittest.mock`'s targets standing for
small NumPy-backed stand-ins (tools/cupyx_jit_tests.py's approach): a cupy array is
`cupy.ndarray`, a NumPy subclass (so that CuPy's Fusion rule, "no cupy.ndarray among the
arguments: the function is called as it is", and check_fusion's `isinstance(r,
xp.ndarray)` tell the two apart; pykc.fuse runs NumPy arrays on the CPU backend, as it
documents); cupy's ufuncs and reductions are NumPy's behind CuPy's own fusion hooks
(cupy._core._fusion_thread_local, as CuPy 14.2 wires them: a ufunc's __call__ and
cupy.sum & co. ask is_fusing() and call the history's call_ufunc / call_reduction), so
that pykc's tracer is driven as on a GPU with CuPy. testing's helpers are CuPy's:
shaped_random's and shaped_arange's values, for_all_dtypes & co. (loops), the
_combination ones (CuPy's sampled subset, with a fixed seed; --full: every pair;
--sample: bool, int8, uint64, float16, float32, complex128 only, four pairs at most, as
the CPU backend compiles each kernel with the C compiler; --one: that, and each test
function's first parametrisation only; --dtypes CHARS: those dtypes for --sample/--one,
as NumPy's type characters),
numpy_cupy_allclose / numpy_cupy_array_equal (errors, values, dtypes), with_requires
(NumPy's version), multi_gpu (skipped: one device), parametrize with pytest.param ids.
Counts are per pytest test item, as pytest counts them; SUBSTRING may be several,
comma-separated. Prints one line per failing test
(every line with -v) and `N passed, M failed, S skipped`; exits 1 when a test fails.
"""
from __future__ import annotations

import contextlib
import functools
import inspect
import itertools
import linecache
import os
import random
import re
import subprocess
import sys
import threading
import traceback
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from cupyx_jit_tests import Skipped, XFailed, _Raises, _shaped_random  # noqa: E402

DIR = "tests/cupy_tests/core_tests/fusion_tests/"
FILES = ("test_array.py", "test_example.py", "test_indexing.py", "test_kernel_cache.py",
         "test_misc.py", "test_optimization.py", "test_reduction.py", "test_routines.py",
         "test_ufunc.py")
FULL = False
SAMPLE = ""                                        # --sample: these dtypes only ("?bLefD")
ONE = False                                        # --one: each test's first case only


# ----------------------------------------------------------------------------------
# pytest
# ----------------------------------------------------------------------------------
class _Param:
    def __init__(self, *values, id=None, marks=()):  # noqa: A002 (pytest's name)
        self.values, self.id, self.marks = values, id, marks


def _mark(kind):
    def make(*args, **kw):
        def put(fn):       # a function's or a class's marks, the outermost first
            setattr(fn, "_marks", [(kind, args, kw)] + list(vars(fn).get("_marks", [])))
            return fn
        if kind != "parametrize" and len(args) == 1 and callable(args[0]) and not kw:
            return put(args[0])                    # @pytest.mark.slow
        return put
    return make


def _make_pytest():
    m = types.ModuleType("pytest")
    m.raises = lambda exc, match=None: _Raises(exc, match)
    m.param = _Param

    def skip(reason=""):
        raise Skipped(reason)

    def xfail(reason=""):
        raise XFailed(reason)
    m.skip, m.xfail = skip, xfail
    m.mark = types.SimpleNamespace(parametrize=_mark("parametrize"), skipif=_mark("skipif"),
                                   xfail=_mark("xfail"), thread_unsafe=_mark("other"),
                                   slow=_mark("other"))
    return m


# ----------------------------------------------------------------------------------
# cupy: NumPy behind CuPy's fusion hooks
# ----------------------------------------------------------------------------------
def _make_cupy(pykc):
    import numpy

    class ndarray(numpy.ndarray):
        """A cupy array: NumPy's, told apart by its type."""

    def wrap(r):
        if isinstance(r, numpy.ndarray) and not isinstance(r, ndarray):
            return r.view(ndarray)
        if isinstance(r, tuple):
            return tuple(wrap(x) for x in r)
        return r

    # cupy/_core/_fusion_thread_local.pyx, as CuPy 14.2 has it
    ftl = types.ModuleType("cupy._core._fusion_thread_local")
    ftl.thread_local = threading.local()
    ftl.is_old_fusing = lambda: getattr(ftl.thread_local, "is_old_fusing", False)
    ftl.is_new_fusing = lambda: getattr(ftl.thread_local, "is_new_fusing", False)
    ftl.is_fusing = lambda: ftl.is_old_fusing() or ftl.is_new_fusing()

    def call_ufunc(op, *args, **kwargs):
        if ftl.is_new_fusing():
            return ftl.thread_local.history.call_ufunc(op, *args, **kwargs)
        return fusion._call_ufunc(op, *args, **kwargs)

    def call_reduction(op, *args, **kwargs):
        if ftl.is_new_fusing():
            return ftl.thread_local.history.call_reduction(op, *args, **kwargs)
        return fusion._call_reduction(op, *args, **kwargs)
    ftl.call_ufunc, ftl.call_reduction = call_ufunc, call_reduction
    ftl.call_indexing = lambda op, *a, **k: ftl.thread_local.history.call_indexing(op, *a, **k)
    fusion = types.ModuleType("cupy._core.fusion")
    fusion._is_fusing = ftl.is_fusing
    fusion._call_ufunc = lambda op, *a, **k: ftl.thread_local.history.call_ufunc(op, *a, **k)
    fusion._call_reduction = \
        lambda op, *a, **k: ftl.thread_local.history.call_reduction(op, *a, **k)
    fusion.Fusion = lambda func, name=None: pykc.fuse(kernel_name=name)(func)

    class ufunc:
        """cupy's ufunc (cupy/_core/_kernel.pyx): while fusing, the history's."""

        def __init__(self, np_ufunc, name=None, nin=None):
            self._np = np_ufunc
            self.name = "cupy_" + (name or np_ufunc.__name__)
            self.__name__ = self.name
            self.nin = nin or np_ufunc.nin
            self.nout = getattr(np_ufunc, "nout", 1)
            self.nargs = self.nin + self.nout

        def __repr__(self):
            return f"<ufunc '{self.name}'>"

        def __call__(self, *args, **kwargs):
            if ftl.is_fusing():
                return ftl.call_ufunc(self, *args, **kwargs)
            return wrap(self._np(*args, **kwargs))

    class _Reduction:
        """A _SimpleReductionKernel: its name is what the fusion hooks see."""

        def __init__(self, name):
            self.name = "cupy_" + name

    def reduction(name, np_func, has_dtype):
        red = _Reduction(name)

        def f(a, axis=None, dtype=None, out=None, keepdims=False):   # cupy/_math/sumprod.py
            if ftl.is_fusing():
                if keepdims:
                    raise NotImplementedError(
                        f"cupy.{name} does not support `keepdims` in fusion yet.")
                kw = {"axis": axis, "out": out}
                if has_dtype:
                    kw["dtype"] = dtype
                return ftl.call_reduction(red, a, **kw)
            kw = {"dtype": dtype} if has_dtype else {}
            return wrap(np_func(a, axis=axis, out=out, keepdims=keepdims, **kw))
        f.__name__ = name
        return f

    cp = types.ModuleType("cupy")
    for k in dir(numpy):
        if k.startswith("__"):
            continue
        v = getattr(numpy, k)
        if isinstance(v, numpy.ufunc):
            v = ufunc(v)
        elif callable(v) and not isinstance(v, (type, types.ModuleType)):
            v = (lambda fn: functools.wraps(fn)(lambda *a, **kw: wrap(fn(*a, **kw))))(v)
        setattr(cp, k, v)
    for name, has_dtype in (("sum", True), ("prod", True), ("nansum", True),
                            ("nanprod", True), ("amax", False), ("amin", False),
                            ("all", False), ("any", False)):
        setattr(cp, name, reduction(name, getattr(numpy, name), has_dtype))
    cp.max, cp.min = cp.amax, cp.amin
    for name in ("i0", "sinc", "fix"):             # NumPy's functions, CuPy's ufuncs
        setattr(cp, name, ufunc(getattr(numpy, name), name, 1))
    def _copy(a, out=None):
        if out is None:
            return numpy.copy(a)
        numpy.copyto(out, a)
        return out
    elementwise_copy = ufunc(_copy, "copy", 1)                  # cupy/_core's ufuncs
    where_ufunc = ufunc(numpy.where, "where", 3)                # the routines below call
    clip_ufunc = ufunc(numpy.clip, "clip", 3)
    real_ufunc, imag_ufunc = ufunc(numpy.real, "real", 1), ufunc(numpy.imag, "imag", 1)
    round_ufunc = ufunc(numpy.around, "round", 2)

    # CuPy's routines as CuPy 14.2 writes them: while fusing, fusion._call_ufunc
    def where(condition, x=None, y=None):                       # cupy/_sorting/search.py
        if fusion._is_fusing():
            return fusion._call_ufunc(where_ufunc, condition, x, y)
        return wrap(numpy.where(condition, x, y))

    def clip(a, a_min, a_max, out=None):                        # cupy/_math/misc.py
        if fusion._is_fusing():
            return fusion._call_ufunc(clip_ufunc, a, a_min, a_max, out=out)
        return wrap(numpy.clip(a, a_min, a_max, out=out))

    def real(val):                                              # cupy/_math/arithmetic.py
        if fusion._is_fusing():
            return fusion._call_ufunc(real_ufunc, val)
        return wrap(numpy.real(val))

    def imag(val):
        if fusion._is_fusing():
            return fusion._call_ufunc(imag_ufunc, val)
        return wrap(numpy.imag(val))

    def copy(a, order="K"):                                     # cupy/_creation/from_data.py
        if fusion._is_fusing():
            if order != "K":
                raise NotImplementedError("cupy.copy does not support `order` in fusion yet.")
            return fusion._call_ufunc(elementwise_copy, a)
        return wrap(numpy.copy(a, order=order))

    def around(a, decimals=0, out=None):                        # cupy/_math/rounding.py
        if fusion._is_fusing():
            return fusion._call_ufunc(round_ufunc, a, decimals, out=out)
        return wrap(numpy.around(a, decimals, out=out))

    def copyto(dst, src, casting="same_kind", where=None):      # cupy/_manipulation/basic.py
        src_dtype = numpy.result_type(src) if type(src) in (bool, int, float, complex) \
            else src.dtype
        if not numpy.can_cast(src_dtype, dst.dtype, casting):
            raise TypeError("Cannot cast %s to %s in %s casting mode"
                            % (src_dtype, dst.dtype, casting))
        if fusion._is_fusing():
            if where is None:
                elementwise_copy(src, dst)
            else:
                fusion._call_ufunc(where_ufunc, where, src, dst, dst)
            return
        numpy.copyto(dst, src, casting=casting, where=True if where is None else where)
    for f in (where, clip, real, imag, copy, around, copyto):
        setattr(cp, f.__name__, f)
    cp.round = around
    cp.ndarray = ndarray
    cp.ufunc = ufunc
    cp.fuse = pykc.fuse
    cp.asnumpy = lambda a: numpy.asarray(a).view(numpy.ndarray)
    new_fusion = types.ModuleType("cupy._core.new_fusion")      # CuPy's proxy classes
    new_fusion._ArrayProxy = type("_ArrayProxy", (), {})
    new_fusion._ScalarProxy = type("_ScalarProxy", (), {})
    fusion._FusionVarArray = type("_FusionVarArray", (), {})

    def get_array_module(*args):                                # cupy/__init__.py
        for arg in args:
            if isinstance(arg, (ndarray, fusion._FusionVarArray, new_fusion._ArrayProxy)):
                return cp
        return numpy
    cp.get_array_module = get_array_module

    testing = _make_testing(numpy, cp, wrap)
    cp.testing = testing
    runtime = types.SimpleNamespace(is_hip=False, cudaDevAttrCooperativeLaunch=95,
                                    deviceGetAttribute=lambda a, d: 1)

    class Device:
        def __init__(self, i=0):
            self.id = i

        def use(self):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False
    cuda = types.SimpleNamespace(runtime=runtime, Device=Device,
                                 device=types.SimpleNamespace(
                                     get_compute_capability=lambda: "90"))
    cp.cuda = cuda
    core = types.ModuleType("cupy._core")
    core._fusion_thread_local = ftl
    core.fusion = fusion
    core.new_fusion = new_fusion
    core.elementwise_copy = elementwise_copy
    trace = types.ModuleType("cupy._core._fusion_trace")      # CuPy's tracer and kernel
    trace.TraceImpl = type("TraceImpl", (), {"__module__": trace.__name__})   # (the tests
    kernel = types.ModuleType("cupy._core._fusion_kernel")    # mock them, count nothing)
    kernel.FusedKernel = type("FusedKernel", (), {"__module__": kernel.__name__})
    core._fusion_trace, core._fusion_kernel = trace, kernel
    cp._core = core
    exceptions = types.ModuleType("cupy.exceptions")
    exceptions.AxisError = numpy.AxisError
    cp.exceptions = exceptions
    loops = types.ModuleType("cupy.testing._loops")
    loops._wraps_partial_xp = _wraps_partial_xp
    return {"cupy": cp, "cupy.testing": testing, "cupy.testing._loops": loops,
            "cupy._core": core, "cupy._core._fusion_thread_local": ftl,
            "cupy._core.fusion": fusion, "cupy._core._fusion_trace": trace,
            "cupy._core.new_fusion": new_fusion,
            "cupy._core._fusion_kernel": kernel, "cupy.exceptions": exceptions}


# ----------------------------------------------------------------------------------
# cupy.testing
# ----------------------------------------------------------------------------------
def _wraps_partial(wrapped, *names):                 # cupy/testing/_loops.py
    def decorator(impl):
        impl = functools.wraps(wrapped)(impl)
        impl.__signature__ = inspect.signature(
            functools.partial(wrapped, **{name: None for name in names}))
        return impl
    return decorator


def _wraps_partial_xp(wrapped, name, sp_name=None, scipy_name=None):
    return _wraps_partial(wrapped, *[n for n in (name, sp_name, scipy_name) if n])


def _make_testing(numpy, cp, wrap):
    t = types.ModuleType("cupy.testing")
    flt = (numpy.float64, numpy.float32)
    ints = tuple(numpy.dtype(c).type for c in "bhilqBHILQ")
    cpx = (numpy.complex64, numpy.complex128)

    def shaped_random(shape, xp=cp, dtype=numpy.float32, scale=10, seed=0, order="C"):
        a = _shaped_random(shape, numpy, dtype, scale, seed, order)
        return a.view(cp.ndarray) if xp is cp else a

    def shaped_arange(shape, xp=cp, dtype=numpy.float32, order="C"):
        dtype = numpy.dtype(dtype)
        a = numpy.arange(1, int(numpy.prod(shape)) + 1, 1)
        if dtype == "?":
            a = a % 2 == 0
        elif dtype.kind == "c":
            a = a + a * 1j
        a = numpy.array(a.astype(dtype).reshape(shape), order=order)
        return a.view(cp.ndarray) if xp is cp else a

    def sample(dtypes):
        return [d for d in dtypes if numpy.dtype(d).char in SAMPLE] or list(dtypes)[:1] \
            if SAMPLE else dtypes

    def for_dtypes(dtypes, name="dtype"):
        dtypes = sample(dtypes)

        def deco(fn):
            @_wraps_partial(fn, name)
            def run(*args, **kw):
                for d in dtypes:
                    kw[name] = numpy.dtype(d).type
                    try:
                        fn(*args, **kw)
                    except Skipped:
                        raise
                    except Exception as e:
                        e.args = (f"[{name}={numpy.dtype(d)}] " + (str(e.args[0]) if e.args
                                                                    else ""),) + e.args[1:]
                        raise
            return run
        return deco

    def all_dtypes(no_float16=False, no_bool=False, no_complex=False):
        d = flt if no_float16 else flt + (numpy.float16,)
        d += ints if no_bool else ints + (numpy.bool_,)
        return d if no_complex else d + cpx

    def for_dtypes_combination(types_, names=("dtype",), full=None):
        types_ = list(types_)
        if len(types_) == 1:
            return for_dtypes(types_, names[0])
        if full or (full is None and FULL):
            combination = [dict(zip(names, c)) for c in itertools.product(types_,
                                                                          repeat=len(names))]
        else:                                      # CuPy's sample, with a fixed seed
            rng = random.Random(0)
            ts = []
            for _ in names:
                sh = types_[:]
                rng.shuffle(sh)
                ts.append(types_ + sh)
            seen = sorted(set(tuple(zip(names, typs)) for typs in zip(*ts)),
                          key=lambda c: [numpy.dtype(v).char for _, v in c])
            combination = [dict(c) for c in seen]
        if SAMPLE:
            combination = [c for c in combination
                           if all(numpy.dtype(v).char in SAMPLE for v in c.values())][:4] \
                or combination[:1]

        def deco(fn):
            @_wraps_partial(fn, *names)
            def run(*args, **kw):
                for c in combination:
                    k = dict(kw)
                    k.update(c)
                    try:
                        fn(*args, **k)
                    except Skipped:
                        raise
                    except Exception as e:
                        tag = ", ".join(f"{n}={numpy.dtype(v)}" for n, v in c.items())
                        e.args = (f"[{tag}] " + (str(e.args[0]) if e.args else ""),) \
                            + e.args[1:]
                        raise
            return run
        return deco

    t.shaped_random, t.shaped_arange, t.for_dtypes = shaped_random, shaped_arange, for_dtypes
    t.for_all_dtypes = lambda name="dtype", no_float16=False, no_bool=False, \
        no_complex=False: for_dtypes(all_dtypes(no_float16, no_bool, no_complex), name)
    t.for_float_dtypes = lambda name="dtype", no_float16=False: for_dtypes(
        flt if no_float16 else flt + (numpy.float16,), name)
    t.for_int_dtypes = lambda name="dtype", no_bool=False: for_dtypes(
        ints if no_bool else ints + (numpy.bool_,), name)
    t.for_all_dtypes_combination = lambda names=("dtype",), no_float16=False, \
        no_bool=False, full=None, no_complex=False: for_dtypes_combination(
            all_dtypes(no_float16, no_bool, no_complex), names, full)
    t.for_int_dtypes_combination = lambda names=("dtype",), no_bool=False, full=None: \
        for_dtypes_combination(ints if no_bool else ints + (numpy.bool_,), names, full)
    t.assert_allclose = lambda a, d, rtol=1e-7, atol=0, err_msg="", verbose=True: \
        numpy.testing.assert_allclose(numpy.asarray(a), numpy.asarray(d), rtol, atol,
                                      err_msg=err_msg, verbose=verbose)
    t.assert_array_equal = lambda a, d, *x, **k: numpy.testing.assert_array_equal(
        numpy.asarray(a), numpy.asarray(d))

    def assert_array_list_equal(xs, ys, err_msg="", verbose=True):
        assert len(xs) == len(ys), f"lengths differ: {len(xs)} != {len(ys)}"
        for x, y in zip(xs, ys):
            numpy.testing.assert_array_equal(numpy.asarray(x), numpy.asarray(y))
    t.assert_array_list_equal = assert_array_list_equal

    def numpy_cupy(check):
        def make(*dargs, name="xp", type_check=True, accept_error=False, **opts):
            def deco(fn):
                @_wraps_partial(fn, name)
                def run(*args, **kw):
                    out = {}
                    for xp in (cp, numpy):
                        try:
                            out[xp] = (fn(*args, **dict(kw, **{name: xp})), None)
                        except Skipped:
                            raise
                        except Exception as e:  # noqa: BLE001 (compared below)
                            out[xp] = (None, e)
                    (rc, ec), (rn, en) = out[cp], out[numpy]
                    if ec or en:
                        if ec and en and (accept_error is True or type(ec) is type(en)
                                          or isinstance(ec, type(en))):
                            return
                        raise ec or AssertionError(f"NumPy raised {en!r}, cupy did not")
                    if isinstance(rn, (numpy.ndarray, numpy.generic)) and type_check:
                        assert numpy.asarray(rc).dtype == numpy.asarray(rn).dtype, \
                            f"dtypes differ: {numpy.asarray(rc).dtype} != {rn.dtype}"
                    check(rc, rn, *dargs, **opts)
                return run
            return deco
        return make

    def allclose(a, d, rtol=1e-7, atol=0, err_msg="", verbose=True, **k):
        numpy.testing.assert_allclose(numpy.asarray(a), numpy.asarray(d), rtol, atol)

    def array_equal(a, d, err_msg="", verbose=True, **k):
        numpy.testing.assert_array_equal(numpy.asarray(a), numpy.asarray(d))
    t.numpy_cupy_allclose = numpy_cupy(allclose)
    t.numpy_cupy_array_equal = numpy_cupy(array_equal)

    def with_requires(*reqs):
        def deco(fn):
            for r in reqs:
                m = re.match(r"numpy\s*(>=|<)\s*([\d.]+)", r)
                have = tuple(int(x) for x in numpy.__version__.split(".")[:3] if x.isdigit())
                want = tuple(int(x) for x in m.group(2).split(".")) if m else ()
                if m and ((m.group(1) == ">=") != (have >= want)):
                    @functools.wraps(fn)
                    def skip(*a, **k):
                        raise Skipped(f"requires {r}")
                    return skip
            return fn
        return deco
    t.with_requires = with_requires
    t.slow = lambda fn: fn

    def multi_gpu(n):
        def deco(fn):
            @functools.wraps(fn)
            def run(*a, **k):
                raise Skipped(f"multi_gpu({n})")
            return run
        return deco
    t.multi_gpu = multi_gpu
    return t


# ----------------------------------------------------------------------------------
# the runner
# ----------------------------------------------------------------------------------
def _marks_of(cls, fn):
    return list(vars(cls).get("_marks", [])) + list(vars(fn).get("_marks", []))


def _cases(cls, fn):
    """(label, kwargs) for each parametrisation of a test function, pytest's ids."""
    axes = []
    for kind, args, kw in reversed(_marks_of(cls, fn)):   # the innermost mark first
        if kind != "parametrize":
            continue
        names = [n.strip() for n in args[0].split(",")] if isinstance(args[0], str) \
            else list(args[0])
        ids = kw.get("ids")
        row = []
        for i, v in enumerate(args[1]):
            pid = None
            if isinstance(v, _Param):
                pid, v = v.id, v.values
                v = v if len(names) > 1 else v[0]
            vals = tuple(v) if len(names) > 1 else (v,)
            if pid is None:
                pid = ids[i] if ids else "-".join(
                    str(x) if isinstance(x, (str, int, float, bool)) or x is None
                    else f"{n}{i}" for n, x in zip(names, vals))
            row.append((pid, dict(zip(names, vals))))
        axes.append(row)
    if not axes:
        return [("", {})]
    out = []
    for combo in itertools.product(*axes):
        kw = {}
        for _, d in combo:
            kw.update(d)
        out.append(("[" + "-".join(p for p, _ in combo) + "]", kw))
    return out


def _run_one(cls, name, kw):
    marks = _marks_of(cls, getattr(cls, name))
    for kind, args, mkw in marks:
        if kind == "skipif" and args and args[0]:
            raise Skipped(mkw.get("reason", ""))
    xfail = any(kind == "xfail" for kind, _, _ in marks)
    obj = cls()
    try:
        if hasattr(obj, "setup_method"):
            obj.setup_method(getattr(obj, name))
        getattr(obj, name)(**kw)
    except (Skipped, XFailed):
        raise
    except Exception:
        if xfail:
            raise XFailed("marked xfail")
        raise
    if xfail:
        raise AssertionError("XPASS: CuPy marks it xfail")


def _load(name, path, source, package=False):
    mod = types.ModuleType(name)
    mod.__file__ = path
    if package:
        mod.__path__ = []
    linecache.cache[path] = (len(source), None, source.splitlines(True), path)
    sys.modules[name] = mod
    exec(compile(source, path, "exec"), mod.__dict__)  # noqa: S102
    return mod


def _tests(mod):
    for cname, cls in sorted(vars(mod).items()):
        if cname.startswith("Test") and isinstance(cls, type):
            for name in sorted(n for n in dir(cls) if n.startswith("test_")):
                yield cname, cls, name


def run_file(path, source, utils, pattern, verbose, counts):
    """Runs the tests of one file (PATH, its SOURCE) with the stand-ins in sys.modules."""
    import pykc
    saved = dict(sys.modules)
    sys.modules.update(_make_cupy(pykc))
    sys.modules["pytest"] = _make_pytest()
    pkg = "cupy_tests.core_tests.fusion_tests"
    for p in ("cupy_tests", "cupy_tests.core_tests", pkg):
        sys.modules[p] = types.ModuleType(p)
        sys.modules[p].__path__ = []
    try:
        fu = _load(pkg + ".fusion_utils", utils[0], utils[1])
        sys.modules[pkg].fusion_utils = fu
        mod = _load(pkg + "." + os.path.basename(path)[:-3], path, source)
        for cname, cls, name in _tests(mod):
            for label, kw in _cases(cls, getattr(cls, name))[:1 if ONE else None]:
                full = f"{os.path.basename(path)}::{cname}::{name}{label}"
                if pattern and not any(p in full for p in pattern.split(",")):
                    continue
                try:
                    _run_one(cls, name, kw)
                    res, why = "passed", ""
                except Skipped as e:
                    res, why = "skipped", str(e)
                except XFailed as e:
                    res, why = "xfailed", str(e)
                except Exception as e:  # noqa: BLE001 (a failing test, reported)
                    res = "failed"
                    tb = traceback.extract_tb(e.__traceback__)
                    at = next((f"{f.lineno}" for f in reversed(tb)
                               if f.filename == path), "?")
                    why = f"line {at}: {type(e).__name__}: " + " ".join(str(e).split())[:400]
                counts[res] += 1
                if verbose or res == "failed":
                    print(f"{res.upper():8s} {full} {why}".rstrip())
                    sys.stdout.flush()
    finally:
        for k in list(sys.modules):
            if k not in saved:
                del sys.modules[k]
        sys.modules.update(saved)


def main(argv):
    global FULL, SAMPLE, ONE
    sys.path.insert(0, os.path.join(ROOT, "python"))
    os.environ["PYKC_CPU"] = "1"
    verbose = "-v" in argv
    FULL = "--full" in argv
    SAMPLE = "?bLefD" if "--sample" in argv or "--one" in argv else ""
    ONE = "--one" in argv
    argv = [a for a in argv if a not in ("-v", "--full", "--sample", "--one")]
    if "--dtypes" in argv:                         # --dtypes CHARS: the sample's dtypes
        i = argv.index("--dtypes")
        SAMPLE = argv[i + 1]
        del argv[i:i + 2]
    git = rev = None
    if "--git" in argv:
        i = argv.index("--git")
        git = argv[i + 1]
        del argv[i:i + 2]
        rev = "v14.2.0"
        if "--rev" in argv:
            i = argv.index("--rev")
            rev = argv[i + 1]
            del argv[i:i + 2]
    elif argv:
        src = argv.pop(0)
    else:
        print(__doc__)
        return 2
    pattern = argv[0] if argv else ""

    def read(rel):
        if git:
            return subprocess.run(["git", "--git-dir", git, "show", f"{rev}:{rel}"],
                                  capture_output=True, text=True, check=True).stdout
        with open(os.path.join(src, rel[len("tests/"):]), encoding="utf-8") as fh:
            return fh.read()
    utils = (DIR + "fusion_utils.py", read(DIR + "fusion_utils.py"))
    counts = {"passed": 0, "failed": 0, "skipped": 0, "xfailed": 0}
    for f in FILES:
        if pattern and all(p.split("::")[0].endswith(".py") and p.split("::")[0] != f
                           for p in pattern.split(",")):
            continue
        with contextlib.redirect_stderr(sys.stderr):
            run_file(DIR + f, read(DIR + f), utils, pattern, verbose, counts)
    print(", ".join(f"{v} {k}" for k, v in counts.items()))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
