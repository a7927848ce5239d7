"""pykc.fuse against CuPy 14.2's rules (issue 19) on the CPU backend, NumPy the reference:
which fusion types a function (cupy.fuse is fusion.pyx's old fusion, falling back to
new_fusion.pyx where that raises), a reduction's dtype=, CuPy's "no cupy.ndarray among
the arguments: the function is called as it is", and in-place updates through arguments
that share memory.

    python3 tests/python/test_fuse_cupy_rules.py        (after `make python`)
"""
from __future__ import annotations

import math
import os
import sys
import types
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402


def wrapped(f):
    """CuPy's check_fusion: the function behind `*args` (traced: the compiler cannot read
    it)."""
    @pykc.fuse()
    def impl(*args, **kwargs):
        return f(*args, **kwargs)
    return impl


def x8():
    return np.arange(12, dtype=np.int8).reshape(3, 4)


def d_index(x):
    return x[0] + 1.0


def d_method(x):
    v = x + 1.0
    return v.sum()


def d_function(x):
    return np.sum(x + 1.0)


def d_sum_int8(x):
    return x.sum(axis=0, dtype=np.int8)


def d_sum_int8_function(x):
    return np.sum(x, axis=0, dtype=np.int8)


class WhichFusion(unittest.TestCase):
    """cupy.fuse traces with its old fusion (int8 + 1.0 is float16, the first loop int8
    reaches) and, where that raises (indexing, a reduction method: old fusion's values
    have neither), again with its new fusion (int8 + 1.0 is float64: the Python float
    of a higher kind than every array is not weak)."""

    def check(self, f, x, dtype, expect):
        for how, fu in (("def", pykc.fuse(f)), ("traced", wrapped(f))):
            r = fu(x)
            self.assertEqual(np.asarray(r).dtype, np.dtype(dtype), f"{f.__name__} {how}")
            np.testing.assert_allclose(np.asarray(r, dtype=np.float64),
                                       np.asarray(expect, dtype=np.float64), rtol=3e-3)

    def test_old_fusion(self):
        self.check(d_function, x8(), "float16", np.sum(x8() + 1.0))

    def test_indexing_is_new_fusion(self):
        self.check(d_index, x8(), "float64", x8()[0] + 1.0)

    def test_reduction_method_is_new_fusion(self):
        """A method in any statement of the body (not only the first)."""
        self.check(d_method, x8(), "float64", (x8() + 1.0).sum())

    def test_sum_dtype(self):
        """TestFusionReductionSpecifyDtype::test_sum: x.sum(dtype=int8) of float64 values
        (new fusion: the cupy_sum_with_dtype loop whose output is int8, each value cast
        to int8 first, as NumPy sums them); cupy.sum(x, dtype=int8) in the old fusion
        drops dtype= (the first keep-dtype loop float64 reaches)."""
        x = np.arange(12, dtype=np.float64).reshape(3, 4) * 1.7 + 0.3
        self.check(d_sum_int8, x, "int8", x.sum(axis=0, dtype=np.int8))
        self.check(d_sum_int8_function, x, "float64", x.sum(axis=0))

    def test_new_fusion_kept(self):
        """CuPy's Fusion keeps its new fusion for every call after one fell back to it."""
        f = wrapped(lambda x, y: (x if y is not None else x[...]) + 1.0)
        self.assertEqual(f(x8(), x8()).dtype, np.float16)         # old fusion
        self.assertEqual(f(x8(), None).dtype, np.float64)         # indexing: new fusion
        self.assertEqual(f(x8(), x8()).dtype, np.float64)         # kept
        f.clear_cache()
        self.assertEqual(f(x8(), x8()).dtype, np.float64)



def d_add(x):
    return x + 1.0


class NoCupyArray(unittest.TestCase):
    """CuPy's Fusion.__call__: with no cupy.ndarray among the arguments the function is
    called as it is (NumPy runs it). Where CuPy is not imported, pykc's own rule: a NumPy
    array runs on the CPU backend."""

    def setUp(self):
        self.cupy = types.ModuleType("cupy")        # a stand-in: cupy.ndarray a NumPy
        self.cupy.ndarray = type("ndarray", (np.ndarray,), {})   # subclass (its arrays
        self.saved = sys.modules.get("cupy")        # run on the CPU backend)

    def tearDown(self):
        if self.saved is None:
            sys.modules.pop("cupy", None)
        else:
            sys.modules["cupy"] = self.saved

    def test_static_and_traced(self):
        for how, f in (("def", pykc.fuse(d_add)), ("traced", wrapped(d_add))):
            sys.modules.pop("cupy", None)
            self.assertEqual(f(x8()).dtype, np.float16, how)      # compiled: CuPy's fuse
            sys.modules["cupy"] = self.cupy
            r = f(x8())
            self.assertIs(type(r), np.ndarray, how)
            self.assertEqual(r.dtype, np.float64, how)            # NumPy ran the function
            self.assertEqual(f(x8().view(self.cupy.ndarray)).dtype, np.float16, how)



def m_add(x, y):
    x += y


def m_after(x, y):
    x += 1
    x += y


def m_kept(x, y):
    z = y * 2
    x += 1
    return z + y


def m_copy(x, y):
    x[...] = y


def m_both(x, y):
    x += y
    y += x


def m_reduce(x, y, s):
    x *= s
    return (y + x).sum(axis=0)


class SharedMemory(unittest.TestCase):
    """Arguments that share memory are CuPy's views of one memory (new_fusion.pyx's key,
    _fusion_trace.pyx's memory_dict): a write into one is not read through another in the
    same loop, and a write while reading another view copies it first; the results are
    NumPy's, running the function on the same arguments."""

    CASES = ((m_add, lambda a: (a, a.T)), (m_add, lambda a: (a, a)),
             (m_after, lambda a: (a, a.T)), (m_after, lambda a: (a[1:], a[:-1])),
             (m_kept, lambda a: (a, a.T)), (m_copy, lambda a: (a, a[::-1])),
             (m_both, lambda a: (a, a.T)), (m_reduce, lambda a: (a, a.T, 3.0)))

    def test_against_numpy(self):
        for f, make in self.CASES:
            for how, fu in (("def", pykc.fuse(f)), ("traced", wrapped(f))):
                a = np.arange(64 * 64, dtype=np.float64).reshape(64, 64)
                b = a.copy()
                r, e = fu(*make(a)), f(*make(b))
                np.testing.assert_array_equal(a, b, f"{f.__name__} {how}")
                if e is None:
                    self.assertIsNone(r)
                else:
                    np.testing.assert_allclose(r, e, rtol=1e-12, err_msg=f.__name__)

    def test_apart_is_one_kernel_call(self):
        """Arrays of their own memory take the def's compiled path (no trace)."""
        f = pykc.fuse(m_add)
        a, b = np.ones((4, 4)), np.arange(16.0).reshape(4, 4)
        f(a, b)
        np.testing.assert_array_equal(a, 1 + np.arange(16.0).reshape(4, 4))
        self.assertIsNone(f._traced)
        f(a, a.T)
        self.assertIsNotNone(f._traced)


def g_adadelta(rho, eps, grad, param, msg, msdx):    # Chainer's AdaDelta kernel (numpy
    xp = np.get_array_module(grad)                    # spells cupy here: the compiler reads
    msg *= rho                                        # either module's names alike)
    msg += (1 - rho) * grad * grad
    dx = xp.sqrt((msdx + eps) / (msg + eps)) * grad
    msdx *= rho
    msdx += (1 - rho) * dx * dx
    param -= dx


def g_scalars(x, s):
    xp = np.get_array_module(s, 2.0)                  # no array among them: numpy
    ys = np.get_array_module(s, x)                    # an array among them: cupy
    return xp.sqrt(s) + ys.where(x > 0, x, 0) + xp.pi


def g_kwarg(x):
    xp = np.get_array_module(x=x)
    return xp.exp(x)


class GetArrayModule(unittest.TestCase):
    """cupy.get_array_module(*args) in a fused body: the cupy module when an argument is a
    traced array (CuPy's isinstance of _FusionVarArray, _ArrayProxy), else numpy; either
    module's ufuncs and constants through the local it is bound to."""

    def test_adadelta(self):
        rng = np.random.default_rng(5)
        args = [rng.random((3, 4)).astype(np.float32) for _ in range(4)]
        f = pykc.fuse(kernel_name="adadelta")(g_adadelta)
        self.assertIsInstance(f, pykc.Fusion)           # compiled, not traced
        got = [a.copy() for a in args]
        f(0.5, 1e-6, *got)
        want = [a.copy() for a in args]
        grad, param, msg, msdx = want
        msg *= np.float32(0.5)                          # rho and 1 - rho = 0.5: exact in
        msg += np.float32(0.5) * grad * grad            # float16 (CuPy's fuse types `1 - rho`
        dx = np.sqrt((msdx + np.float32(1e-6)) / (msg + np.float32(1e-6))) * grad  # so)
        msdx *= np.float32(0.5)
        msdx += np.float32(0.5) * dx * dx
        param -= dx
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-6)

    def test_scalars_and_arrays(self):
        f = pykc.fuse()(g_scalars)
        self.assertIsInstance(f, pykc.Fusion)
        x = np.array([-1.0, 2.0, 3.0])
        np.testing.assert_allclose(f(x, 4.0), 2.0 + np.where(x > 0, x, 0) + np.pi)

    def test_keyword_refused(self):
        with self.assertRaisesRegex(pykc.CompileError, "positional arguments only"):
            pykc.fuse()(g_kwarg)(np.ones(3))


def v_pade(E, A, b):                                  # cupyx's _expm_inner, longer: 20 views
    u = b[19]*A + b[17]*A + b[15]*A + b[13]*A + b[11]*A + b[9]*A + b[7]*A + b[5]*A
    v = b[18]*A + b[16]*A + b[14]*A + b[12]*A + b[10]*A + b[8]*A + b[6]*A + b[4]*A
    return u + b[3]*E + b[1]*E, v + b[2]*E + b[0]*E


class ManyViews(unittest.TestCase):
    """A fused body's views are kernel inputs; CuPy has no limit on them (cupyx's expm
    indexes b 14 times). pykc takes 64."""

    def test_twenty_scalar_views(self):
        f = pykc.fuse()(v_pade)
        self.assertIsInstance(f, pykc.Fusion)
        E, A, b = np.eye(3), np.arange(9.0).reshape(3, 3), np.arange(1.0, 21.0)
        u, v = f(E, A, b)
        np.testing.assert_allclose(u, sum(b[i] for i in range(5, 20, 2)) * A + (b[3] + b[1]) * E)
        np.testing.assert_allclose(v, sum(b[i] for i in range(4, 19, 2)) * A + (b[2] + b[0]) * E)


def t_exp_taylor(xs, ys, degree=12):                  # a course's lesson on cupy.fuse
    for n in range(degree):
        ys += xs**n / math.factorial(n)


def t_keepdims(x, k=True):
    return np.sum(x, axis=0, keepdims=k)


class DefaultsAsValues(unittest.TestCase):
    """An omitted argument is its default while CuPy traces the function: a Python value
    that loops, math and ifs use. The compiler takes the defaults as module names; what it
    still cannot express (math.factorial of the loop's n) is traced as CuPy traces it, and
    CuPy's refusals stay refusals."""

    def test_range_of_default_and_math(self):
        f = pykc.fuse(t_exp_taylor)
        xs, ys = np.linspace(-1, 1, 9), np.zeros(9)
        self.assertIsNone(f(xs, ys))
        np.testing.assert_allclose(ys, np.exp(xs), rtol=1e-8)
        with self.assertRaisesRegex(pykc.CompileError, "range"):   # given, degree is a
            f(xs, np.zeros(9), 3)                      # traced scalar: CuPy's range() of it
                                                       # raises TypeError too

    def test_refusal_kept(self):
        with self.assertRaisesRegex(NotImplementedError, "keepdims"):
            pykc.fuse()(t_keepdims)(np.ones((2, 3)))


if __name__ == "__main__":
    unittest.main(verbosity=1)
