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


if __name__ == "__main__":
    unittest.main(verbosity=1)
