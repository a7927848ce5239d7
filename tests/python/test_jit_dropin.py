"""`from pykc import jit` on cupyx.jit programs as people write them (issue 19 §5): NumPy
arrays on the CPU backend, NumPy computing every expected value.

    python3 tests/python/test_jit_dropin.py        (after `make python`)

cupyx.jit types a kernel from its arguments and reads the live objects the function
reaches, so: annotations that are no pykc types are ignored, constants and functions are
read through modules, namespaces and classes, device functions are called through their
class or any attribute chain, and a conditional decorator is just Python.
"""
from __future__ import annotations

import math
import os
import sys
import types
import typing
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402

try:                                   # scipy.constants when installed, else a module built
    import scipy.constants as sc       # here with the same attributes
except ImportError:
    sc = types.ModuleType("scipy.constants")
    sc.c, sc.hbar, sc.pi = 299792458.0, 1.054571817e-34, math.pi

F64_HALF = np.float64(0.5)
F64_NAN = np.float64(np.nan)
F64_TINY = np.float64(1e-8)


@jit.rawkernel(device=True)
def _f64_dev(v):
    if not (v > np.float64(0.0)):
        return F64_NAN                 # a double, as the other return
    return v * F64_HALF


@jit.rawkernel()
def f64_kernel(x, out):
    i = jit.grid(1)
    if i < x.size:
        out[i] = _f64_dev(x[i])


@jit.rawkernel()
def f32_kernel(x, out):
    i = jit.grid(1)
    if i < x.size:
        out[i] = x[i] + F64_TINY       # in double, then stored: 1 + 1e-8 rounds to float


phys = types.ModuleType("phys")        # a module object the kernel reaches
phys.c = 2.5
phys.units = types.SimpleNamespace(milli=1e-3, kilo=1000)


class Vec:
    """A user class used as an annotation."""


def launch(k, n, *args):
    k(((n + 63) // 64,), (64,), args)


class Annotations(unittest.TestCase):

    def setUp(self):
        self.x = np.linspace(-2, 3, 50).astype(np.float32)

    def test_typing_aliases_and_classes(self):
        @jit.rawkernel()
        def k(x: npt.NDArray[np.float32], y: typing.Any, v: Vec, n: "int"):
            i = jit.grid(1)
            if i < n:
                y[i] = x[i] * 2 + v
        y = np.zeros_like(self.x)
        launch(k, 50, self.x, y, np.float32(0.5), 50)
        np.testing.assert_array_equal(y, self.x * 2 + np.float32(0.5))

    def test_partial_annotations(self):
        @jit.rawkernel()
        def k(x: np.ndarray, y, n: np.int32):
            i = jit.grid(1)
            if i < n:
                y[i] = x[i] - 1
        y = np.zeros(50)                                 # typed from the arguments: float64
        launch(k, 50, self.x.astype(np.float64), y, 50)
        np.testing.assert_array_equal(y, self.x.astype(np.float64) - 1)

    def test_return_annotation_of_device_function(self):
        @jit.rawkernel(device=True)
        def third(a) -> float:
            return a / 3

        @jit.rawkernel()
        def k(x, y) -> None:
            i = jit.grid(1)
            if i < x.size:
                y[i] = third(x[i])
        y = np.zeros(50)                                 # float32 arithmetic, as cupyx
        launch(k, 50, self.x, y)
        np.testing.assert_array_equal(y, (self.x / np.float32(3)).astype(np.float64))

    def test_pykc_types_still_checked(self):
        @jit.rawkernel()
        def k(x: np.float32[:], n: np.int32):
            i = jit.grid(1)
            if i < n:
                x[i] = 1
        with self.assertRaisesRegex(TypeError, "argument 'x': expected float32"):
            launch(k, 4, np.zeros(4), 4)


class Namespaces(unittest.TestCase):

    def setUp(self):
        self.x = np.arange(40, dtype=np.float64) / 7

    def test_module_constants(self):
        @jit.rawkernel()
        def k(x, y):
            i = jit.grid(1)
            if i < x.size:
                y[i] = x[i] * sc.c * 1e-9 + phys.c + phys.units.kilo * phys.units.milli
        y = np.zeros_like(self.x)
        launch(k, 40, self.x, y)
        np.testing.assert_allclose(y, self.x * sc.c * 1e-9 + phys.c + 1.0, rtol=1e-15)

    def test_namespace_in_factory_closure(self):
        def make(scale):
            cfg = types.SimpleNamespace(scale=scale, fn=math.cos, ufn=np.exp,
                                        dt=np.float64, eps=np.float64(1e-3))

            @jit.rawkernel()
            def k(x, y):
                i = jit.grid(1)
                if i < x.size:
                    y[i] = cfg.fn(x[i]) * cfg.scale + cfg.ufn(x[i] * 0.1) + cfg.dt(cfg.eps)
            return k
        for scale in (2, 5):
            y = np.zeros_like(self.x)
            launch(make(scale), 40, self.x, y)
            np.testing.assert_allclose(
                y, np.cos(self.x) * scale + np.exp(self.x * 0.1) + 1e-3, rtol=1e-14)

    def test_unusable_value_named(self):
        holder = types.SimpleNamespace(items=[1, 2])

        @jit.rawkernel()
        def k(x):
            x[0] = holder.items[0]
        with self.assertRaisesRegex(TypeError, "name 'holder' is bound to a types.SimpleNamespace"):
            launch(k, 1, np.zeros(1))


class Ops:
    LIMIT = 1.5

    @staticmethod
    @jit.rawkernel(device=True)
    def twice(v):
        return v * 2

    @jit.rawkernel(device=True)
    def clip(v):
        return min(max(v, -Ops.LIMIT), Ops.LIMIT)


class DeviceFunctionsThroughAttributes(unittest.TestCase):

    def setUp(self):
        self.x = np.linspace(-1, 1, 33).astype(np.float32)

    def test_numpy_scalar_constants_keep_dtype(self):
        """A module's np.float64 constant (a subclass of float) is a double, as cupyx.jit
        types it: returned from a device function beside a double, NaN and inf too."""
        def run(f, x):
            out = np.zeros_like(x)
            f[1, 8](x, out)
            return out
        x = np.array([-1.0, 0.5, 2.0, 1e300])
        np.testing.assert_array_equal(run(f64_kernel, x),
                                      np.where(x > 0, x * F64_HALF, np.nan))
        out = np.zeros(4, np.float32)
        f32_kernel[1, 4](np.ones(4, np.float32), out)   # float32 * float64 -> float64 -> out
        np.testing.assert_array_equal(out, np.float32(1 + 1e-8))

    def test_class_and_staticmethod(self):
        @jit.rawkernel()
        def k(x, y):
            i = jit.grid(1)
            if i < x.size:
                y[i] = Ops.clip(Ops.twice(x[i])) + Ops.LIMIT
        y = np.zeros_like(self.x)
        launch(k, 33, self.x, y)
        np.testing.assert_array_equal(y, np.clip(2 * self.x, -1.5, 1.5) + np.float32(1.5))

    def test_attribute_chain(self):
        lib = types.SimpleNamespace(ops=Ops, math=types.SimpleNamespace(root=math.sqrt))

        @jit.rawkernel()
        def k(x, y):
            i = jit.grid(1)
            if i < x.size:
                y[i] = lib.ops.twice(x[i]) + lib.math.root(abs(x[i]))
        y = np.zeros_like(self.x)
        launch(k, 33, self.x, y)
        want = 2 * self.x + np.sqrt(np.abs(self.x))
        np.testing.assert_allclose(y, want, rtol=2e-7)

    def test_conditional_decorator(self):
        @jit.rawkernel() if jit else (lambda f: f)
        def k(x, y):
            i = jit.grid(1)
            if i < x.size:
                y[i] = Ops.twice(x[i])
        y = np.zeros_like(self.x)
        launch(k, 33, self.x, y)
        np.testing.assert_array_equal(y, 2 * self.x)


# A module whose kernel starts at its line 4: the header of the names it reads (seven
# constants, the jit import) does not fit above it, so the built source's lines differ from
# the file's; its body is indented by a class.
TOP_OF_FILE = """\
from pykc import jit
class Holder:
    @staticmethod
    @jit.rawkernel()
    def k(x, n):
        left = jit.blockIdx.x
        if n > 0:
            left = -1
        x[0] = left + A + B + C + D + E + F + G
A, B, C, D, E, F, G = 1, 2, 3, 4, 5, 6, 7
"""


class DeviceFunctionLaunch(unittest.TestCase):
    """cupyx.jit compiles whatever rawkernel is launched as a kernel and tests device= for
    truth only where the function is called (programs write device="cuda")."""

    def test_device_functions_launch(self):
        @jit.rawkernel(device=True)
        def fill(x, v):
            i = jit.grid(1)
            if i < x.size:
                x[i] = v

        @jit.rawkernel(device="cuda")
        def fill_cuda(x, v):
            i = jit.grid(1)
            if i < x.size:
                x[i] = v + 1

        @jit.rawkernel()
        def caller(x):
            fill_cuda(x, 5)                               # still a device function here
        for k, want in ((fill, 3), (fill_cuda, 4)):
            x = np.zeros(8, np.int32)
            k((1,), (8,), (x, 3))
            np.testing.assert_array_equal(x, want)
            x[:] = 0
            k[1, 8](x, 3)
            np.testing.assert_array_equal(x, want)
        x = np.zeros(8, np.int32)
        caller((1,), (8,), (x,))
        np.testing.assert_array_equal(x, 6)

    def test_returning_device_function_is_no_kernel(self):
        @jit.rawkernel(device=True)
        def twice(v):
            return v * 2
        with self.assertRaisesRegex(pykc.CompileError, "return"):
            twice((1,), (1,), (np.float32(1),))


class Diagnostics(unittest.TestCase):
    """Every diagnostic of the drop-in names the user's file, line and column, the places
    its message names too; none points into the header pykc builds (issue 19 §5)."""

    def load(self, text):
        import importlib.util
        import shutil
        import tempfile
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        path = os.path.join(d, "top_of_file.py")
        with open(path, "w") as f:
            f.write(text)
        spec = importlib.util.spec_from_file_location("top_of_file", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return path, mod

    def test_places_in_messages_are_the_users(self):
        path, mod = self.load(TOP_OF_FILE)
        with self.assertRaises(pykc.CompileError) as cm:
            mod.Holder.k((1,), (1,), (np.zeros(2, np.uint32), 3))
        msg = str(cm.exception)
        self.assertTrue(msg.startswith(f"{path}:8:20: error: Python integer -1 out of bounds "
                                       "for uint32 in assignment to 'left' (first assigned at "
                                       "6:9 as uint32)\n                left = -1\n"
                                       "                       ^"), msg)

    def test_returns_of_a_device_function(self):
        @jit.rawkernel(device=True)
        def pick(v):
            if v > 0:
                return v
            return 1.5
        first = pick.__wrapped__.__code__.co_firstlineno + 3

        @jit.rawkernel()
        def k(x):
            x[0] = pick(x[0])
        with self.assertRaises(pykc.CompileError) as cm:
            launch(k, 1, np.zeros(1, np.int32))
        msg = str(cm.exception)
        self.assertIn(f"{__file__}:{first + 1}:13: error: 'pick' returns float32 here but "
                      f"int32 at {first}:17;", msg)

    def test_unusable_name_at_its_use(self):
        words = ("a", "b")

        @jit.rawkernel()
        def k(x):
            i = jit.grid(1)
            x[i] = len(words)
        line = k.__wrapped__.__code__.co_firstlineno + 3
        for cls in (pykc.CompileError, TypeError):      # cupyx.jit raises a TypeError
            with self.assertRaises(cls) as cm:
                launch(k, 1, np.zeros(1))
            self.assertEqual(str(cm.exception).split("\n"), [
                f"{__file__}:{line}:24: error: name 'words' is bound to a builtins.tuple, "
                "which a kernel cannot use (kernels see ints, floats, bools, complex "
                "numbers, None, NumPy/CuPy scalars and dtypes, tuples of these, device "
                "functions, and the numpy, cupy, math and jit modules)",
                "                x[i] = len(words)",
                "                           ^~~~~"])

    def test_longdouble_is_no_constant(self):
        big = np.longdouble(1.5)

        @jit.rawkernel()
        def k(x):
            x[0] = big
        with self.assertRaisesRegex(pykc.CompileError, r":\d+:20: error: name 'big' is bound "
                                    r"to a numpy.float128, which a kernel cannot use"):
            launch(k, 1, np.zeros(1))

    def test_header_places(self):
        from pykc._kernel import _map
        built = "import cupyx.jit as J\nN = 3\n@J.rawkernel()\ndef k(x):\n    x[0] = N\n"
        segs = [(3, 3, "user.py", 40, 4)]
        got = _map("<b>:2:1: error: something about this value\nN = 3\n^\n"
                   "<b>:5:5: error: 'x' is already defined at line 2", ("<b>", built), segs)
        self.assertEqual(got.split("\n"), [
            "user.py:40:5: error: in the Python binding of 'N': something about this value",
            "user.py:42:9: error: 'x' is already defined at the Python binding of 'N'"])


if __name__ == "__main__":
    unittest.main(verbosity=1)
