"""Ufuncs of create_ufunc in pykc.fuse on the CPU backend, against NumPy: pykc.create_ufunc
(CuPy's signature and _ops) read by the compiler (a module-level ufunc: its declaration) or
traced (a lambda), and a stand-in of a CuPy ufunc object that pykc's table lacks (as
cupyx.scipy.special's: _ops of _Op objects, _preamble, name), which the tracer declares in
its program (python/pykc/_ufunc.py, src/dsl/sema_ufunc.c).

    python3 tests/python/test_fuse_ufunc.py        (after `make python`)
"""
from __future__ import annotations

import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import _pykc, _trace  # noqa: E402
from pykc._fuse import Fusion  # noqa: E402
from pykc._fuse_traced import TracedFusion  # noqa: E402

PRE = "template <typename T> __device__ T cube(T x) { return x * x * x; }\n"

# several ops in CuPy's order, one with its own routine, a helper of the preamble
cubic = pykc.create_ufunc(
    "t_cubic", ("f->f", "l->l", ("d->d", "out0 = cube(in0) - in0")), "out0 = cube(in0)",
    preamble=PRE)
# two outputs, CuPy's typedefs
floor_divmod = pykc.create_ufunc(
    "t_floor_divmod", ["ff->ff", "dd->dd"],
    "out0_type q = floor(in0 / in1);\nout0 = q;\nout1 = in0 - q * in1")
# a routine that changes its input (CuPy passes in0 by reference to a copy), 'f' for f->f
clamp = pykc.create_ufunc("t_clamp", ("f", "d"), "if (in0 < 0) in0 = 0;\nout0 = in0 * 2")


def np_floor_divmod(a, b):
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.floor(a / b)
        return q, a - q * b


class Loops(unittest.TestCase):
    """The loop of a loop list (pykc_fuse_loop): create_ufunc's ops, CuPy's order."""

    def test_loop_list(self):
        self.assertEqual(_pykc.fuse_loop("f->f l->l d->d", "i", "-"), "l")
        self.assertEqual(_pykc.fuse_loop("f->f l->l d->d", "e", "-"), "f")
        self.assertEqual(_pykc.fuse_loop("ff->ff dd->dd", "fd", "-f"), "ff")  # weak float
        self.assertEqual(_pykc.fuse_loop("ff->ff dd->dd", "fd", "--"), "dd")
        self.assertIsNone(_pykc.fuse_loop("f->f d->d", "F", "-"))
        for bad in ("f->f dd->d", "x->f", "ff->f ", "f->fff", "ffff->f"):
            with self.assertRaises(ValueError, msg=bad):
                _pykc.fuse_loop(bad, "f", "-")


class Declared(unittest.TestCase):

    def setUp(self):
        self.x = np.linspace(-3, 3, 25).astype(np.float32)
        self.y = np.linspace(-2, 2, 25)
        self.n = np.arange(-12, 13).astype(np.int32)

    def check(self, got, want, dtype):
        self.assertEqual(got.dtype, np.dtype(dtype))
        np.testing.assert_allclose(got, want, rtol=1e-6)

    def test_compiled(self):
        """A module-level ufunc the compiler reads (the def's free name: its declaration)."""
        @pykc.fuse()
        def f(x, y, n):
            q, r = floor_divmod(x, 1.5)            # a Python float: weak, the float32 loop
            return cubic(x), cubic(y), cubic(n), q + r, clamp(x), floor_divmod(y, x)[1]

        self.assertIsInstance(f, Fusion)
        got = f(self.x, self.y, self.n)
        q, r = np_floor_divmod(self.x, np.float32(1.5))
        self.check(got[0], self.x ** 3, "f")
        self.check(got[1], self.y ** 3 - self.y, "d")
        self.check(got[2], self.n.astype(np.int64) ** 3, "l")   # int32: the l loop first
        self.check(got[3], q + r, "f")
        self.check(got[4], np.maximum(self.x, 0) * 2, "f")
        self.check(got[5], np_floor_divmod(self.y, self.x.astype(np.float64))[1], "d")

    def test_traced(self):
        """A lambda (traced): the ufunc declared in the traced program, called there."""
        f = pykc.fuse()(lambda x, n: cubic(x) + cubic(n) * 2)
        self.assertIsInstance(f, TracedFusion)
        got = f(self.y, self.n)
        self.check(got, self.y ** 3 - self.y + 2 * self.n.astype(np.int64) ** 3, "d")
        h = _trace.History("k")
        x = h.param(self.x)
        _trace._state.history = h
        try:
            r = cubic(x)
        finally:
            _trace._state.history = None
        text = h.program(r)[0]
        self.assertIn("_u1 = cupy._core.create_ufunc('t_cubic', (('f->f', 'out0 = cube(in0)'), "
                      "('l->l', 'out0 = cube(in0)'), ('d->d', 'out0 = cube(in0) - in0'), ), "
                      "None, preamble=", text)
        self.assertIn("v1 = _u1(a0)", text)

    def test_reduction_and_out(self):
        """In a reduction's map and post-map; out= of a one-output ufunc."""
        @pykc.fuse()
        def g(x):
            return cubic(np.sum(cubic(x), axis=1))

        @pykc.fuse()
        def h(x, o):
            cubic(x, out=o)
            return o + 1

        x = self.y.reshape(5, 5)
        c = x ** 3 - x
        s = c.sum(axis=1)
        self.check(g(x), s ** 3 - s, "d")
        o = np.zeros_like(self.x)
        self.check(h(self.x, o), self.x ** 3 + 1, "f")
        self.check(o, self.x ** 3, "f")

    def test_scalars_and_outside(self):
        """Python scalars as operands (weak), the ufunc called outside a fuse function."""
        f = pykc.fuse()(lambda x: floor_divmod(x, 2)[0] + cubic(2.0))
        q = np.floor(self.x / np.float32(2))
        self.check(f(self.x), q + np.float32(8.0), "f")     # cubic(2.0): weak, the f loop
        self.check(cubic(self.x), self.x ** 3, "f")
        a, b = floor_divmod(self.y, 0.75)
        self.check(a, np.floor(self.y / 0.75), "d")
        o = np.empty_like(self.y)
        self.assertIs(cubic(self.y, o), o)
        self.check(o, self.y ** 3 - self.y, "d")

    def test_errors(self):
        """CuPy's fusion messages: no loop takes the operands (the old fusion's "Invalid
        type cast", after which CuPy's Fusion traces with the new fusion, whose message
        cupy.fuse raises); keyword arguments."""
        f = pykc.fuse()(lambda x: cubic(x))
        with self.assertRaisesRegex(TypeError, r"^Wrong type \(\(dtype\('complex64'\),\)\) "
                                    r"of arguments for t_cubic$"):
            f(np.ones(3, np.complex64))
        h = _trace.History("k")                    # the old fusion's trace alone
        x = h.param(np.ones(3, np.complex64))
        _trace._state.history = h
        try:
            with self.assertRaisesRegex(TypeError, r"Invalid type cast in 't_cubic': "
                                        r"\[dtype\('complex64'\)\] -> \[\]"):
                cubic(x)
        finally:
            _trace._state.history = None
        g = pykc.fuse()(lambda x: cubic(x, dtype=np.float64))
        with self.assertRaisesRegex(TypeError, "Wrong arguments"):
            g(self.x)
        with self.assertRaisesRegex(ValueError, "wrong nin or nout"):
            pykc.create_ufunc("t_bad", ("ff->f", "f->f"), "out0 = in0")
        with self.assertRaisesRegex(AssertionError, "no routine"):
            pykc.create_ufunc("t_bad", ("f->f",))


class RunTimeCallees(unittest.TestCase):
    """A def whose callee only its run time knows (CuPy's TestFusionSpecial: `return
    getattr(scp.special, name)(x)`; `sp.erf(x)` of a module pykc does not read) is traced,
    as CuPy traces every function; one whose callees the compiler knows is read."""

    def test_traced_defs(self):
        import types
        special = types.ModuleType("fake_special")
        special.erf = erf
        scp = types.ModuleType("fake_scipy")
        scp.special = special
        x = np.linspace(-2, 2, 9)

        @pykc.fuse()
        def by_module(v):
            return special.erf(v)

        @pykc.fuse()
        def by_getattr(v):
            return getattr(scp.special, "erf")(v)

        @pykc.fuse()
        def by_chain(v):
            return scp.special.erf(v) + np.sin(v)

        @pykc.fuse()
        def read(v):
            return np.sin(v) + v.astype(np.float32).sum() + cubic(v)

        import math
        want = np.array([math.erf(v) for v in x])
        for f, w in ((by_module, want), (by_getattr, want), (by_chain, want + np.sin(x))):
            self.assertIsInstance(f, TracedFusion)
            np.testing.assert_allclose(f(x), w, rtol=1e-13)
        self.assertIsInstance(read, Fusion)

    def test_python_helpers(self):
        """A plain Python function called from a fused def (a module's helper, one of a
        closure, one returning a tuple, one calling another): CuPy's trace runs its body, so
        pykc traces such a def too (the compiler inlines only fuse functions)."""
        def pair(v):
            return v * 2, v + 1

        def scaled(v):
            a, b = pair(v)
            return a * b - _helper_sq(v)

        @pykc.fuse()
        def by_helper(v):
            return _helper_sq(v) + 1

        @pykc.fuse()
        def by_closure(v):
            return scaled(v)

        @pykc.fuse()
        def by_cupy_name(v):
            return np.clip(v, -1, 1) + np.where(v > 0, v, 0)

        x = np.linspace(-2, 2, 9)
        self.assertIsInstance(by_helper, TracedFusion)
        self.assertIsInstance(by_closure, TracedFusion)
        self.assertIsInstance(by_cupy_name, Fusion)
        np.testing.assert_allclose(by_helper(x), x * x + 1, rtol=1e-15)
        np.testing.assert_allclose(by_closure(x), (2 * x) * (x + 1) - x * x, rtol=1e-15)
        np.testing.assert_allclose(by_cupy_name(x), np.clip(x, -1, 1) + np.where(x > 0, x, 0))


def _helper_sq(v):
    return v * v


class _Op:
    """CuPy's _kernel._Op as a cupyx.scipy.special ufunc holds it."""

    def __init__(self, types, routine, error_func=None):
        i, o = types.split("->")
        self.in_types = tuple(np.dtype(c) for c in i)
        self.out_types = tuple(np.dtype(c) for c in o)
        self.nin, self.nout = len(i), len(o)
        self.routine = routine
        self.error_func = error_func


class _Ops:
    def __init__(self, ops, promote_types=None):
        self.ops = tuple(ops)
        self.nin, self.nout = ops[0].nin, ops[0].nout
        self.promote_types = promote_types


class FakeCupyUfunc:
    """A CuPy ufunc object pykc's table lacks: CuPy's attributes; a call in a fuse
    function goes to the trace's call_ufunc, as CuPy's ufunc.__call__ does while fusing."""

    def __init__(self, name, ops, preamble=""):
        self.name = name
        self._ops = ops
        self._preamble = preamble
        self.nin, self.nout = ops.nin, ops.nout

    def __call__(self, *args, **kwargs):
        return _trace.history().call_ufunc(self, *args, **kwargs)


def _refuse():
    raise TypeError("fake: this loop is refused")


# as cupyx.scipy.special's expit: 'cupy_expit', a preamble helper, e->d first
expit = FakeCupyUfunc("cupy_expit", _Ops([
    _Op("e->d", "out0 = expit(double(in0))"), _Op("f->f", "out0 = expit(in0)"),
    _Op("d->d", "out0 = expit(in0)")]),
    "template <typename T>\nstatic __device__ T expit(T x) {\n    return 1 / (1 + exp(-x));\n}\n")
erf = FakeCupyUfunc("cupyx_scipy_special_erf", _Ops([
    _Op("e->d", "out0 = erf(in0)"), _Op("f->f", "out0 = erf(in0)"),
    _Op("d->d", "out0 = erf(in0)")]))
refusing = FakeCupyUfunc("fake_refusing", _Ops([
    _Op("?->?", None, _refuse), _Op("f->f", "out0 = in0")]))
promoting = FakeCupyUfunc("fake_promoting", _Ops([_Op("f->f", "out0 = in0")], max))


class CupyObjects(unittest.TestCase):
    """CuPy ufunc objects that pykc's table lacks (the stand-in of one)."""

    def test_special_like(self):
        import math
        x = np.linspace(-4, 4, 33)
        f = pykc.fuse()(lambda v: expit(v) + erf(v) * 2)
        want = 1 / (1 + np.exp(-x)) + 2 * np.array([math.erf(v) for v in x])
        got = f(x)
        self.assertEqual(got.dtype, np.float64)
        np.testing.assert_allclose(got, want, rtol=1e-13)
        h = pykc.fuse()(lambda v: expit(v))        # float16: the e->d loop, float64
        self.assertEqual(h(x.astype(np.float16)).dtype, np.float64)
        g = pykc.fuse()(lambda v: erf(v))
        self.assertEqual(g(x.astype(np.float32)).dtype, np.float32)

    def test_table_names_stay(self):
        """A CuPy name the table has (cupy_sin) stays the table's ufunc."""
        sin = FakeCupyUfunc("cupy_sin", _Ops([_Op("d->d", "out0 = 0")]))
        self.assertEqual(_trace.declared_ufunc(sin), ("sin", None))
        self.assertIsNotNone(_trace.declared_ufunc(expit)[1])

    def test_refused(self):
        f = pykc.fuse()(lambda v: refusing(v))
        with self.assertRaisesRegex(TypeError, "fake: this loop is refused"):
            f(np.ones(3, np.bool_))
        np.testing.assert_array_equal(f(np.ones(3, np.float32)), np.ones(3, np.float32))
        g = pykc.fuse()(lambda v: promoting(v))
        with self.assertRaisesRegex(NotImplementedError, "promote_types"):
            g(np.ones(3, np.float32))


if __name__ == "__main__":
    unittest.main()
