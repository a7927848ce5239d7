#!/usr/bin/env python3
"""CuPy's own cupyx.jit tests (tests/cupyx_tests/jit_tests/*.py of a CuPy source tree), run
unchanged through `from pykc import jit` on the CPU backend.

    python3 tools/cupyx_jit_tests.py CUPY_SRC [-v] [FILE-OR-TEST-SUBSTRING]
    python3 tools/cupyx_jit_tests.py --git CUPY_GIT_DIR --rev v14.2.0 [-v] [SUBSTRING]

Each test file is read from CuPy's tree (not copied here) and executed with `cupy`,
`cupyx`, `cupy.testing`, `cupy.cuda.runtime` and `pytest` standing for small NumPy-backed
stand-ins: a cupy array is a NumPy array, `cupyx.jit` is `pykc.jit`, and the tests' own
asserts (NumPy computing every expected value) decide. The stand-ins do what the tests
use of CuPy and pytest and no more: `testing.shaped_random` (CuPy's values), `for_dtypes`,
`for_all_dtypes`, `for_CF_orders` (loops, as CuPy's decorators), `parametrize` (the cross
product of the marks), `pytest.raises/skip/xfail`, `skipif`. A test that calls
`pytest.skip` (HIP, multi-GPU, a CUDA version) counts as skipped, one that CuPy marks
xfail as xfailed when it fails and as a failure of the mark when it passes (XPASS).
Prints one line per failing test (every line with -v) and `N passed, M failed, S skipped,
X xfailed`; exits 1 when a test fails.
"""
from __future__ import annotations

import itertools
import linecache
import os
import subprocess
import sys
import traceback
import types
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = ("test_raw.py", "test_device_function.py", "test_cooperative_groups.py",
         "test_cub.py", "test_thrust.py")


class Skipped(Exception):
    pass


class XFailed(Exception):
    pass


# ----------------------------------------------------------------------------------
# pytest's part the tests use
# ----------------------------------------------------------------------------------
class _Raises:
    def __init__(self, exc, match=None):
        self.exc, self.match = exc, match

    def __enter__(self):
        return self

    def __exit__(self, et, ev, tb):
        import re
        if et is None:
            raise AssertionError(f"DID NOT RAISE {self.exc}")
        if not issubclass(et, self.exc):
            return False
        if self.match and not re.search(self.match, str(ev)):
            raise AssertionError(f"{et.__name__}: {ev!s} does not match {self.match!r}")
        return True


def _mark(kind):
    def make(*args, **kw):
        def put(fn):       # a function's or a class's marks, the outermost first
            setattr(fn, "_marks", [(kind, args, kw)] + list(vars(fn).get("_marks", [])))
            return fn
        return put
    return make


def _make_pytest():
    m = types.ModuleType("pytest")
    m.raises = lambda exc, match=None: _Raises(exc, match)

    def skip(reason=""):
        raise Skipped(reason)

    def xfail(reason=""):
        raise XFailed(reason)
    m.skip, m.xfail = skip, xfail
    m.mark = types.SimpleNamespace(parametrize=_mark("parametrize"), skipif=_mark("skipif"),
                                   xfail=_mark("xfail"))
    return m


# ----------------------------------------------------------------------------------
# cupy's part: NumPy arrays, pykc.jit
# ----------------------------------------------------------------------------------
def _shaped_random(shape, xp=None, dtype="float32", scale=10, seed=0, order="C"):
    import numpy
    rng = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return numpy.asarray(rng.randint(0, 2, size=shape), order=order).astype(dtype)
    if dtype.kind == "c":
        a = rng.rand(*shape) * scale + 1j * rng.rand(*shape) * scale
    else:
        a = rng.rand(*shape) * scale
    return numpy.asarray(a, order=order).astype(dtype)


def _for_dtypes(dtypes, name="dtype"):
    import numpy

    def deco(fn):
        def run(*args, **kw):
            for d in dtypes:
                kw[name] = numpy.dtype(d).type
                fn(*args, **kw)
        run.__name__, run.__dict__ = fn.__name__, dict(fn.__dict__)
        return run
    return deco


def _for_all_dtypes(name="dtype", no_float16=False, no_bool=False, no_complex=False):
    d = "?bBhHiIlLqQefdFD"
    if no_float16:
        d = d.replace("e", "")
    if no_bool:
        d = d.replace("?", "")
    if no_complex:
        d = d.replace("F", "").replace("D", "")
    return _for_dtypes(d, name)


def _for_CF_orders(name="order"):
    def deco(fn):
        def run(*args, **kw):
            for o in ("C", "F"):
                kw[name] = o
                fn(*args, **kw)
        run.__name__, run.__dict__ = fn.__name__, dict(fn.__dict__)
        return run
    return deco


def _multi_gpu(n):
    def deco(fn):
        def run(*a, **k):
            raise Skipped(f"multi_gpu({n})")
        run.__name__ = fn.__name__
        return run
    return deco


def _make_cupy(pykc_jit):
    import numpy
    cp = types.ModuleType("cupy")
    for k in dir(numpy):
        if not k.startswith("__"):
            setattr(cp, k, getattr(numpy, k))
    cp.asnumpy = numpy.asarray
    cp.ndarray = numpy.ndarray
    testing = types.ModuleType("cupy.testing")
    testing.shaped_random = _shaped_random
    testing.for_dtypes = _for_dtypes
    testing.for_all_dtypes = _for_all_dtypes
    testing.for_CF_orders = _for_CF_orders
    testing.multi_gpu = _multi_gpu
    testing.assert_allclose = numpy.testing.assert_allclose
    testing.assert_array_equal = numpy.testing.assert_array_equal
    cp.testing = testing
    runtime = types.ModuleType("cupy.cuda.runtime")
    runtime.is_hip = False
    runtime.cudaDevAttrCooperativeLaunch = 95
    runtime.deviceGetAttribute = lambda attr, dev: 1
    runtime.runtimeGetVersion = lambda: 12090
    runtime._getLocalRuntimeVersion = lambda: 12090
    cuda = types.ModuleType("cupy.cuda")
    cuda.runtime = runtime
    device = types.ModuleType("cupy.cuda.device")
    device.get_compute_capability = lambda: "90"
    cuda.device = device
    cp.cuda = cuda
    core = types.ModuleType("cupy._core")
    core._get_warpsize = lambda: 32
    core._full_mask = lambda: 0xffffffff
    cp._core = core
    cupyx = types.ModuleType("cupyx")
    cupyx.jit = pykc_jit

    def scatter_add(a, idx, v):
        numpy.add.at(a, idx, v)
    cupyx.scatter_add = scatter_add
    return {"cupy": cp, "cupy.testing": testing, "cupy.cuda": cuda,
            "cupy.cuda.runtime": runtime, "cupy.cuda.device": device,
            "cupy_backends": types.ModuleType("cupy_backends"),
            "cupy_backends.cuda": types.ModuleType("cupy_backends.cuda"),
            "cupy_backends.cuda.api": types.SimpleNamespace(runtime=runtime),
            "cupy_backends.cuda.api.runtime": runtime, "cupy._core": core, "cupyx": cupyx,
            "cupyx.jit": pykc_jit}


# ----------------------------------------------------------------------------------
# the runner
# ----------------------------------------------------------------------------------
def _marks_of(cls, fn):
    return list(vars(cls).get("_marks", [])) + list(vars(fn).get("_marks", []))


def _cases(cls, fn):
    """(label, kwargs) for each parametrisation of a test function."""
    marks = _marks_of(cls, fn)
    axes = []
    for kind, args, _ in marks:
        if kind == "parametrize":
            names = [n.strip() for n in args[0].split(",")] if isinstance(args[0], str) \
                else list(args[0])
            vals = [v if len(names) > 1 else (v,) for v in args[1]]
            axes.append([dict(zip(names, v)) for v in vals])
    if not axes:
        return [("", {})]
    out = []
    for combo in itertools.product(*axes):
        kw = {}
        for d in combo:
            kw.update(d)
        out.append(("[" + "-".join(repr(v) for v in kw.values()) + "]", kw))
    return out


def _run_one(cls, name, kw):
    marks = _marks_of(cls, getattr(cls, name))
    for kind, args, mkw in marks:
        if kind == "skipif" and args and args[0]:
            raise Skipped(mkw.get("reason", ""))
    xfail = any(kind == "xfail" for kind, _, _ in marks)
    obj = cls(name) if issubclass(cls, unittest.TestCase) else cls()
    try:
        if hasattr(obj, "setUp"):
            obj.setUp()
        getattr(obj, name)(**kw)
    except (Skipped, XFailed):
        raise
    except Exception:
        if xfail:
            raise XFailed("marked xfail")
        raise
    if xfail:
        raise AssertionError("XPASS: CuPy marks it xfail")


def run_file(path_name, source, pattern, verbose, counts):
    import numpy  # noqa: F401
    from pykc import jit as pykc_jit
    saved = dict(sys.modules)
    sys.modules.update(_make_cupy(pykc_jit))
    sys.modules["pytest"] = _make_pytest()
    mod = types.ModuleType(path_name[:-3])
    mod.__file__ = path_name
    linecache.cache[path_name] = (len(source), None, source.splitlines(True), path_name)
    try:
        exec(compile(source, path_name, "exec"), mod.__dict__)  # noqa: S102
        for cname, cls in sorted(vars(mod).items()):
            if not (cname.startswith("Test") and isinstance(cls, type)):
                continue
            for name in sorted(n for n in dir(cls) if n.startswith("test_")):
                for label, kw in _cases(cls, getattr(cls, name)):
                    full = f"{path_name}::{cname}::{name}{label}"
                    if pattern and pattern not in full:
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
                                   if f.filename == path_name), "?")
                        why = f"line {at}: {type(e).__name__}: " + \
                            " ".join(str(e).split())[:300]
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
    sys.path.insert(0, os.path.join(ROOT, "python"))
    os.environ["PYKC_CPU"] = "1"
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    git = rev = None
    if "--git" in argv:
        i = argv.index("--git")
        git = argv[i + 1]
        del argv[i:i + 2]
        rev = "HEAD"
        if "--rev" in argv:
            i = argv.index("--rev")
            rev = argv[i + 1]
            del argv[i:i + 2]
        src = None
    else:
        if not argv:
            print(__doc__)
            return 2
        src = argv.pop(0)
    pattern = argv[0] if argv else ""
    counts = {"passed": 0, "failed": 0, "skipped": 0, "xfailed": 0}
    for f in FILES:
        rel = "tests/cupyx_tests/jit_tests/" + f
        if git:
            text = subprocess.run(["git", "--git-dir", git, "show", f"{rev}:{rel}"],
                                  capture_output=True, text=True, check=True).stdout
        else:
            with open(os.path.join(src, rel), encoding="utf-8") as fh:
                text = fh.read()
        run_file(f, text, pattern, verbose, counts)
    print(", ".join(f"{v} {k}" for k, v in counts.items()))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
