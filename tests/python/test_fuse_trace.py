"""pykc.fuse's tracer (python/pykc/_trace.py) on the CPU backend: what the compiler does
not read (lambdas, *args, Python helpers, closures) traced as CuPy traces it.

    python3 tests/python/test_fuse_trace.py        (after `make python`)
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
from pykc import _pykc  # noqa: E402
from pykc._fuse_traced import TracedFusion  # noqa: E402


def wrapped(f):
    """CuPy's check_fusion: the function behind `*args` (the compiler cannot read it)."""
    @pykc.fuse()
    def impl(*args, **kwargs):
        return f(*args, **kwargs)
    return impl


class Loops(unittest.TestCase):
    """The proxies' dtypes: libpykc's one ufunc table (pykc_fuse_loop)."""

    def test_loop_query(self):
        self.assertEqual(_pykc.fuse_loop("add", "fd", "--"), "d")
        self.assertEqual(_pykc.fuse_loop("add", "bd", "-f"), "e")   # CuPy's fuse: int8 + 1.0
        self.assertEqual(_pykc.fuse_loop("divmod", "ll", "--"), "ll")
        self.assertEqual(_pykc.fuse_loop("sum", "b", "-"), "l")
        self.assertEqual(_pykc.fuse_loop("sum", "b", "-", "f", True), "f")
        self.assertIsNone(_pykc.fuse_loop("left_shift", "Ll", "--"))
        with self.assertRaisesRegex(TypeError, "boolean subtract"):
            _pykc.fuse_loop("subtract", "??", "--")
        with self.assertRaises(ValueError):
            _pykc.fuse_loop("no_such_ufunc", "f", "-")


class Trace(unittest.TestCase):

    def setUp(self):
        self.x = np.arange(12, dtype=np.float32).reshape(3, 4)
        self.y = (np.arange(12, dtype=np.int32).reshape(3, 4) % 5) + 1

    def test_python_runs_as_python(self):
        """Closures, getattr(xp, name), helpers reading dtype, a loop, numpy's ufuncs and
        functions on proxies: one kernel per argument types, traced as CuPy traces it."""
        calls = []

        def helper(v):
            return v.dtype.kind == "f"

        def body(x, y, name="multiply"):
            calls.append(1)
            acc = x
            for _ in range(2):
                acc = getattr(np, name)(acc, y) if helper(x) else acc + y
            return np.sum(acc, axis=1), np.where(y > 2, acc, -1.0)

        f = wrapped(body)
        self.assertIsInstance(f, TracedFusion)
        s, w = f(self.x, self.y)
        es, ew = body(self.x, self.y)
        np.testing.assert_allclose(s, es, rtol=1e-6)
        np.testing.assert_allclose(w, ew, rtol=1e-6)
        self.assertEqual(s.dtype, np.float64)      # float32 * int32: float64, as CuPy
        f(self.x + 1, self.y)                      # the same types: no trace again
        self.assertEqual(len(calls), 3)            # the old fusion's trace (it raises:
                                                   # `y > 2` after the reduction), the new
                                                   # one's, and body's own call
        self.assertEqual(len(f._memo), 1)

    def test_inplace_and_outputs(self):
        def upd(x, y):
            x += y
            np.multiply(x, 2, out=x)
            x[...] = x - 1

        f = wrapped(upd)
        a, b = self.x.copy(), self.x.copy()
        self.assertIsNone(f(a, self.y))
        upd(b, self.y)
        np.testing.assert_array_equal(a, b)

    def test_no_array_calls_the_function(self):
        self.assertEqual(wrapped(lambda a, b: a * b)(3, 4), 12)

    def test_refusals_as_cupy(self):
        def branch(x):
            if x > 0:
                return x
            return -x
        with self.assertRaisesRegex(TypeError, "Cannot convert to Python scalar in cupy.fuse"):
            wrapped(branch)(self.x)
        with self.assertRaisesRegex(NotImplementedError, "keepdims"):
            wrapped(lambda x: x.sum(keepdims=True))(self.x)
        with self.assertRaises(np.AxisError):
            wrapped(lambda x: x.sum(axis=2))(self.x)
        with self.assertRaisesRegex(ValueError, r"The fusion supports `\[\.\.\.\]` or `\[:\]`"):
            wrapped(lambda x: x.__setitem__(0, 1))(self.x)
        with self.assertRaisesRegex(TypeError, "Wrong type"):
            wrapped(lambda x, y: x << y)(self.x, self.y)
        with self.assertRaisesRegex(TypeError, "Concrete ndarray"):
            wrapped(lambda x: x + self.x)(self.x)

    def test_errors_at_the_users_line(self):
        """A compile error of the record names the user's line of the operation, and is
        also CuPy's class (NotImplementedError for a slice other than [:], [::-1])."""
        f = wrapped(lambda x: x[1:] + 1)
        line = sys._getframe().f_lineno - 1
        with self.assertRaises(NotImplementedError) as cm:
            f(self.x)
        self.assertIsInstance(cm.exception, pykc.CompileError)
        self.assertIn(f"{sys._getframe().f_code.co_filename}:{line}:", str(cm.exception))
        self.assertIn("Only full range", str(cm.exception))


if __name__ == "__main__":
    unittest.main(verbosity=1)
