"""Classes of failures found running published cupyx.jit programs and CuPy's own jit tests
(tools/cupyx_jit_tests.py) through `from pykc import jit` (issue 19): NumPy arrays on the
CPU backend, NumPy computing every expected value.

    python3 tests/python/test_jit_real.py        (after `make python`)
"""
from __future__ import annotations

import math
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402

F32 = np.float32


@jit.rawkernel()
def angles(a, b, h, i, o1, o2, o3, o4):
    t = jit.threadIdx.x
    o1[t] = np.degrees(a[t])
    o2[t] = np.radians(b[t])
    o3[t] = np.rad2deg(h[t]) + np.deg2rad(h[t])
    o4[t] = np.degrees(i[t])


@jit.rawkernel()
def store(x, y):
    tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
    x[tid] = y


class DegreesFamily(unittest.TestCase):
    """cp.degrees/radians/rad2deg/deg2rad: CuPy's `in0 * (out0_type)(180 / M_PI)` in the
    loop's type; a float16 loop (of float16 or, by cupyx's cuda-mode casting, of an int32)
    computed as a C float, as cupyx spells float16 values."""

    def test_values(self):
        rng = np.random.default_rng(3)
        a = (rng.standard_normal(32) * 100).astype(F32)
        b = rng.standard_normal(32) * 100
        h = (rng.standard_normal(32) * 100).astype(np.float16)
        i = rng.integers(-1000, 1000, 32).astype(np.int32)
        o1, o2 = np.zeros(32, F32), np.zeros(32)
        o3, o4 = np.zeros(32, np.float16), np.zeros(32)
        angles((1,), (32,), (a, b, h, i, o1, o2, o3, o4))
        np.testing.assert_array_equal(o1, a * F32(180 / np.pi))
        np.testing.assert_array_equal(o2, b * (np.pi / 180))
        h32 = h.astype(F32)       # exact products of a half and a float: no FMA question
        want = (h32 * F32(180 / np.pi) + h32 * F32(np.pi / 180)).astype(np.float16)
        self.assertLessEqual(np.abs(o3.astype(F32) - want.astype(F32)).max(),
                             np.abs(want.astype(F32)).max() * 2 ** -10)
        np.testing.assert_array_equal(o4, (i.astype(F32) * F32(180 / np.pi)).astype(float))


class NumpyScalarTypes(unittest.TestCase):
    """Every NumPy scalar type is a scalar argument of its dtype: np.longlong and
    np.ulonglong ('q', 'Q') are types of their own beside np.int64 and np.uint64 (they
    were taken for 0-d arrays, and a fresh buffer each time: 'resized or freed')."""

    def test_all_chars(self):
        for ch in "?bBhHiIlLqQefdFD":
            x = np.zeros(30, ch)
            store((5,), (6,), (x, np.dtype(ch).type(1)))
            np.testing.assert_array_equal(x, np.ones(30, ch), err_msg=ch)


def _gather(dst, src, rows, n):
    r = jit.blockIdx.x
    for j in range(jit.threadIdx.x, n, jit.blockDim.x):
        dst[r, j] = src[rows[r], j]


gather = jit.rawkernel()(_gather)       # the decorator called on a function


class DecoratorCalled(unittest.TestCase):
    """`k = jit.rawkernel()(f)` in the Python package (pykc run reads it too: tests/cli/deco_calls.sh)."""

    def test_gather(self):
        src = np.arange(50, dtype=np.int32).reshape(5, 10)
        rows = np.array([4, 0, 2], np.int32)
        dst = np.zeros((3, 10), np.int32)
        gather((3,), (4,), (dst, src, rows, np.int64(10)))
        np.testing.assert_array_equal(dst, src[rows])


def custom_memcpy(dst_k, dst_v, src_k, src_v, dst_indices, hidden_dim):
    thread_idx = jit.threadIdx.x
    src_idx = jit.blockIdx.x
    dst_idx = dst_indices[src_idx]
    num_elements_per_thread = (hidden_dim + 256 - 1) // 256
    for i in range(num_elements_per_thread):
        j = thread_idx + 256 * i
        if j < hidden_dim:
            dst_k[dst_idx * hidden_dim + j] = src_k[src_idx * hidden_dim + j]
            dst_v[dst_idx * hidden_dim + j] = src_v[src_idx * hidden_dim + j]


def custom_reshape_logits(dst, src, indices):
    thread_idx = jit.threadIdx.x
    dst_idx = jit.blockIdx.x
    src_idx = indices[dst_idx]
    vocab_size = 50272
    num_elements_per_thread = (vocab_size + 1024 - 1) // 1024
    for i in range(num_elements_per_thread):
        j = thread_idx + 1024 * i
        if j < vocab_size:
            dst[dst_idx * vocab_size + j] = src[src_idx * vocab_size + j]


class _KVCache:
    """As Alpa's OPT serving example builds its kernels: the decorator called on module
    functions in __init__, kept as attributes (cupyx.jit as `jit` here)."""

    def __init__(self):
        self.custom_memcpy = jit.rawkernel()(custom_memcpy)
        self.custom_reshape_logits = jit.rawkernel()(custom_reshape_logits)


class DecoratorCalledInInit(unittest.TestCase):
    """A published LLM server's KV-cache copies (alpa's OPT serving): kernels made by
    `jit.rawkernel()(f)` inside a class's __init__, a loop count from an int argument and
    a local constant (vocab 50272), int32 index tables, flat float32 caches."""

    def test_memcpy_and_logits(self):
        c = _KVCache()
        rng = np.random.default_rng(5)
        hd = 300
        src_k, src_v = (rng.random(3 * hd).astype(F32) for _ in range(2))
        dk, dv = np.zeros(5 * hd, F32), np.zeros(5 * hd, F32)
        idx = np.array([4, 0, 2], np.int32)
        c.custom_memcpy((3,), (256,), (dk, dv, src_k, src_v, idx, hd))
        wk, wv = np.zeros(5 * hd, F32), np.zeros(5 * hd, F32)
        for s, d in enumerate(idx):
            wk[d * hd:(d + 1) * hd] = src_k[s * hd:(s + 1) * hd]
            wv[d * hd:(d + 1) * hd] = src_v[s * hd:(s + 1) * hd]
        np.testing.assert_array_equal(dk, wk)
        np.testing.assert_array_equal(dv, wv)
        vocab = 50272
        src = rng.random(3 * vocab).astype(F32)
        dst = np.zeros(2 * vocab, F32)
        c.custom_reshape_logits((2,), (1024,), (dst, src, np.array([2, 0], np.int32)))
        np.testing.assert_array_equal(dst, np.concatenate([src[2 * vocab:], src[:vocab]]))


@jit.rawkernel(device=True)
def _halve(v):
    return v / 2


@jit.rawkernel()
def const_aliases(x, y, z):
    dt = np.float64
    sq = np.sqrt
    f = _halve
    fi = np.finfo(np.float32)
    tid = jit.threadIdx
    i = jit.blockIdx.x * jit.blockDim.x + tid.x
    if i < x.size:
        y[i] = sq(x[i]) + f(x[i])
        z[i] = dt(x[i]) * fi.eps


class ConstAliases(unittest.TestCase):
    """A kernel's top level binds names to compile-time values that are no numbers (a
    dtype, a ufunc, a device function, np.finfo, jit.threadIdx), as cupyx's env.consts:
    pykc refused `dt = cp.float64` ("is a dtype, not a value")."""

    def test_values(self):
        x = (np.arange(40) * 1.25).astype(F32)
        y, z = np.zeros(40, F32), np.zeros(40)
        const_aliases((2,), (32,), (x, y, z))
        np.testing.assert_array_equal(y, np.sqrt(x) + x / F32(2))
        np.testing.assert_array_equal(z, x.astype(float) * float(np.finfo(F32).eps))


_NB = 10
_W = (0.25, 0.5, 0.25)


def _nblocks(n, b):
    return (n + b - 1) // b


def _weights():
    return _W


@jit.rawkernel()
def host_calls(x, y):
    i = jit.threadIdx.x
    w = _weights()
    y[i, 0] = x[i] * _nblocks(_NB, 4)
    y[i, 1] = round(_NB / 3) + sum(_W) + divmod(_NB, 4)[1] + pow(2, 3)
    y[i, 2] = np.prod((4, 8)) + math.gcd(_NB, 4) + w[1] * (x[i] + 1)


class HostCallsOfConstants(unittest.TestCase):
    """cupyx.jit calls a host function whose arguments are all constants when it compiles
    the kernel (_compile.py: `Constant(func(*args))`): a program's helper, a builtin
    (round, sum, divmod, pow), np.prod, math.gcd. pykc refused them ("'_nblocks' is a host
    function", "unknown name 'round'", "'np.prod' cannot be called in a kernel")."""

    def test_values(self):
        x = np.arange(8, dtype=F32)
        y = np.zeros((8, 3))
        host_calls((1,), (8,), (x, y))
        np.testing.assert_array_equal(y[:, 0], x * 3)
        np.testing.assert_array_equal(y[:, 1], np.full(8, 3 + 1.0 + 2 + 8))
        np.testing.assert_array_equal(y[:, 2], 32 + 2 + F32(0.5) * (x + 1))

    def test_not_constant_stays_an_error(self):
        @jit.rawkernel()
        def f(x):
            i = jit.threadIdx.x
            x[i] = _nblocks(i, 4)
        with self.assertRaisesRegex(pykc.CompileError, "'_nblocks' is a host function"):
            f((1,), (4,), (np.zeros(4),))


@jit.rawkernel()
def numpy2_names(x, y, i, o, b):
    t = jit.threadIdx.x
    o[t, 0] = np.asin(x[t]) + np.acos(x[t]) + np.atan(x[t]) + np.atan2(x[t], y[t])
    o[t, 1] = np.asinh(x[t]) + np.acosh(y[t] + 1) + np.atanh(x[t] / 2) + np.pow(y[t], 2.5)
    b[t, 0] = np.bitwise_invert(i[t])
    b[t, 1] = np.bitwise_left_shift(i[t], 2) + np.bitwise_right_shift(i[t], 1)


class Numpy2Names(unittest.TestCase):
    """NumPy 2's names of ufuncs, which CuPy 14 binds too (cp.atan2 is cp.arctan2, cp.pow
    is cp.power, ...): pykc said "'cp.atan2' is not supported yet"."""

    def test_values(self):
        rng = np.random.default_rng(11)
        x = (rng.random(16) * 1.8 - 0.9).astype(F32)
        y = (rng.random(16) * 3).astype(F32)
        i = rng.integers(-100, 100, 16).astype(np.int32)
        o, b = np.zeros((16, 2), F32), np.zeros((16, 2), np.int32)
        numpy2_names((1,), (16,), (x, y, i, o, b))
        np.testing.assert_allclose(o[:, 0], np.arcsin(x) + np.arccos(x) + np.arctan(x) +
                                   np.arctan2(x, y), rtol=1e-6)
        np.testing.assert_allclose(o[:, 1], np.arcsinh(x) + np.arccosh(y + 1) +
                                   np.arctanh(x / 2) + y ** F32(2.5), rtol=1e-6)
        np.testing.assert_array_equal(b[:, 0], ~i)
        np.testing.assert_array_equal(b[:, 1], (i << 2) + (i >> 1))


@jit.rawkernel()
def complex_by_name(z, w, o):
    t = jit.threadIdx.x
    o[t, 0] = np.add(z[t], w[t]) + np.subtract(z[t], w[t])
    o[t, 1] = np.multiply(z[t], w[t])
    o[t, 2] = np.true_divide(z[t], w[t]) + np.negative(z[t])
    o[t, 3] = np.power(z[t], w[t])


class ComplexUfuncsByName(unittest.TestCase):
    """The operator ufuncs called by name take complex arguments where CuPy has complex
    loops, as the operators do (pykc: "argument 1 of np.multiply() must be a real
    scalar")."""

    def test_values(self):
        rng = np.random.default_rng(12)
        z = (rng.standard_normal(8) + 1j * rng.standard_normal(8)).astype(np.complex64)
        w = (rng.standard_normal(8) + 1j * rng.standard_normal(8)).astype(np.complex64)
        o = np.zeros((8, 4), np.complex64)
        complex_by_name((1,), (8,), (z, w, o))
        np.testing.assert_allclose(o[:, 0], 2 * z, rtol=1e-6)
        np.testing.assert_allclose(o[:, 1], z * w, rtol=1e-6)
        np.testing.assert_allclose(o[:, 2], z / w - z, rtol=1e-5)
        np.testing.assert_allclose(o[:, 3], z ** w, rtol=1e-5)
        with self.assertRaisesRegex(pykc.CompileError, "argument 1 of np.left_shift"):
            @jit.rawkernel()
            def bad(z, o):
                o[0] = np.left_shift(z[0], 1)
            bad((1,), (1,), (z, o))


class CupyxErrorClasses(unittest.TestCase):
    """Where cupyx.jit raises NameError, ValueError or TypeError, pykc's CompileError is
    also of that class (and still a pykc.CompileError naming the user's line)."""

    def check(self, k, args, cls, text):
        with self.assertRaises(cls) as cm:
            k((1,), (1,), args)
        self.assertIsInstance(cm.exception, pykc.CompileError)
        self.assertIn(text, str(cm.exception))

    def test_unbound_name(self):
        @jit.rawkernel()
        def f(x):
            x[0] = unknown_var  # noqa: F821
        self.check(f, (np.zeros(1),), NameError, "unknown name 'unknown_var'")

    def test_unknown_attribute(self):
        # a published image-transform program reads `jit.threadDim.x` (no such name:
        # getattr(cupyx.jit, 'threadDim') fails, an AttributeError, not a NameError)
        @jit.rawkernel()
        def elementwise_copy(input, output):
            tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
            ntid = jit.blockDim.x * jit.gridDim.x
            max = jit.blockDim.x * jit.threadDim.x * jit.gridDim.x
            for i in range(tid, max, ntid):
                output[i] = input[i]
        self.check(elementwise_copy, (np.zeros(4), np.zeros(4)), AttributeError,
                   "unknown name 'jit.threadDim'; did you mean 'jit.threadIdx'?")
        with self.assertRaises(pykc.CompileError) as cm:
            elementwise_copy((1,), (1,), (np.zeros(4), np.zeros(4)))
        self.assertNotIsInstance(cm.exception, NameError)

        @jit.rawkernel()
        def lane_w(x):
            x[0] = jit.threadIdx.w
        self.check(lane_w, (np.zeros(1),), AttributeError, "'threadIdx' has no attribute 'w'")

        @jit.rawkernel()
        def field(x):
            x[0] = x.foo
        self.check(field, (np.zeros(1),), AttributeError, "has no attribute 'foo'")

    def test_error_msg(self):
        # CuPy's test_raw.py test_error_msg: cupyx's phrase after pykc's diagnostic, once
        @jit.rawkernel()
        def f(x):
            return unknown_var  # noqa: F821
        with self.assertRaisesRegex(NameError, 'Unbound name: unknown_var') as cm:
            f((1,), (1,), (np.zeros((10,), dtype=np.float32),))
        line = f.__wrapped__.__code__.co_firstlineno + 2
        self.assertEqual(str(cm.exception).split("\n")[0],
                         f"{__file__}:{line}:20: error: unknown name 'unknown_var' "
                         "(Unbound name: unknown_var)")
        self.assertEqual(str(cm.exception).count("Unbound name"), 1)

    def test_recursion(self):
        @jit.rawkernel(device=True)
        def g(x):
            return g(x) + 1

        @jit.rawkernel()
        def f(x):
            x[0] = g(x[0])
        self.check(f, (np.zeros(1),), ValueError, "recursive call to 'g'")

    def test_unpack(self):
        @jit.rawkernel()
        def f():
            x, = jit.grid(1)  # noqa: F841
        self.check(f, (), ValueError, "cannot unpack a value of type uint32")

        @jit.rawkernel()
        def g(x):
            a, b = jit.grid(3)  # noqa: F841
        self.check(g, (np.zeros(1),), ValueError, "too many values to unpack")

    def test_grid_ndim(self):
        for n, cls, text in ((0, ValueError, "takes ndim 1, 2 or 3, not 0"),
                             (4, ValueError, "not 4"),
                             (1.5, TypeError, "as an int constant")):
            @jit.rawkernel()
            def f():
                x = jit.grid(n)  # noqa: F841
            self.check(f, (), cls, text)

    def test_for_over_a_tuple(self):
        @jit.rawkernel()
        def f(x):
            for d in (1, 2):
                x[0] += d
        self.check(f, (np.zeros(1),), NotImplementedError, "'for' loops only iterate")

    def test_closure_array(self):
        # a published Advent-of-Code solver reads a closure's array in its kernel, which
        # cupyx refuses ("not subscriptable with non-constants"): a TypeError naming it,
        # not a crash comparing the array with Python's types
        target = np.array([2, 4, 1, 6], np.uint8)

        @jit.rawkernel()
        def f(x):
            i = jit.threadIdx.x
            x[i] = target[i]
        self.check(f, (np.zeros(4, np.uint8),), TypeError,
                   "name 'target' is bound to a numpy.ndarray, which a kernel cannot use")

    def test_const_binding_places(self):
        # cupyx keeps `dt = cp.float32` as a compile-time constant only at the top level
        @jit.rawkernel()
        def f(x):
            if jit.threadIdx.x == 0:
                dt = np.float32
                x[0] = dt(1)
        self.check(f, (np.zeros(1),), TypeError, "only a statement of the function's top "
                   "level (not inside if, for or while) can bind one to a name")

        @jit.rawkernel()
        def g(x):
            dt = 1
            dt = np.float32  # noqa: F841
        self.check(g, (np.zeros(1),), TypeError,
                   "'dt' is a variable; a dtype cannot be assigned to it")

    def test_decorator_without_parentheses(self):
        # cupyx.jit's rawkernel takes keywords only: TypeError, with what to write
        def f(x):
            x[0] = 1
        with self.assertRaisesRegex(TypeError, r"^rawkernel\(\) takes 0 positional arguments "
                                    r"but 1 was given: write @jit.rawkernel\(\) \(with"):
            jit.rawkernel(f)
        with self.assertRaisesRegex(TypeError, r"missing 'block' \(a launch is k\(grid, "
                                    r"block, \(arg, \.\.\.\)\), as CuPy's, or k\[grid, block\]"):
            jit.rawkernel()(f)(np.zeros(1))

    def test_same_kind_conversions(self):
        # published programs CuPy 14.2 (NumPy 2) refuses converting a value by same_kind
        # (_astype_scalar: "Cannot cast from 'int32' to uint8 with casting rule same_kind."):
        # a PLINK .bed reader storing an int32 (a uint8 `&` an int literal) into a uint8
        # array, an Euler solver assigning -1 to a local first assigned a uint32
        @jit.rawkernel()
        def unpack(d_buff, d_out, n):
            c = jit.threadIdx.x
            if c < n:
                b = d_buff[c // 4]
                b0 = b & 0x55
                d_out[c] = b0 & 3
        self.check(unpack, (np.zeros(1, np.uint8), np.zeros(4, np.uint8), 4), TypeError,
                   "cannot convert int32 to uint8 in a store to an element of 'd_out'")

        @jit.rawkernel()
        def flux(f, xperiodic):
            i = jit.blockIdx.x
            left = i
            if xperiodic and left == 0:
                left = -1
            f[0] = left
        self.check(flux, (np.zeros(1), False), TypeError,
                   "Python integer -1 out of bounds for uint32 in assignment to 'left'")

        @jit.rawkernel()
        def add_neg(x):
            jit.atomic_add(x, 0, -1)
        self.check(add_neg, (np.zeros(1, np.uint32),), OverflowError,
                   "Python integer -1 out of bounds for uint32")

    def test_shared_memory_size_of_a_local(self):
        # a published pattern matcher sizes its shared DP rows by a name bound in the body
        # (`MAX_LEN = 512`): a number assigned in a kernel is a variable in cupyx.jit (only
        # dtypes, functions and the like become constants), and shared_memory() takes
        # constants ("Arguments must be constants.", a TypeError); one error per call, the
        # names it would have declared not reported again where they are used
        @jit.rawkernel()
        def f(x):
            MAX_LEN = 512
            prev_row = jit.shared_memory(dtype=np.int32, size=MAX_LEN)
            prev_row[jit.threadIdx.x] = 1
            x[0] = prev_row[0]
        self.check(f, (np.zeros(1, np.int32),), TypeError,
                   "the size of jit.shared_memory() must be a positive integer constant")
        with self.assertRaises(TypeError) as cm:
            f((1,), (1,), (np.zeros(1, np.int32),))
        self.assertEqual(str(cm.exception).count("error:"), 1)
        self.assertNotIn("unknown name", str(cm.exception))

    def test_builtin_on_values(self):
        # a published self-organising map's Lp distance calls pow() on array values:
        # cupyx.jit calls a Python builtin only on constants ("Invalid function call
        # 'pow'", a TypeError, otherwise); it was "unknown name 'pow'" (a NameError)
        @jit.rawkernel()
        def norm_p(batch, weights, distances, n, p):
            i = jit.threadIdx.x
            if i < n:
                diff = batch[i] - weights[i]
                distances[i] = pow(diff, p)
        self.check(norm_p, (np.ones(2), np.zeros(2), np.zeros(2), 2, 3.0), TypeError,
                   "'pow' cannot be called in a kernel: a Python builtin, which cupyx.jit "
                   "calls on constants only")

    def test_store_to_a_row(self):
        # a 2-d array indexed once is a row (cupyx's _slicing), to which a value cannot be
        # stored: cupyx's "Data type mismatch of variable" TypeError
        @jit.rawkernel()
        def f(out, v):
            out[jit.threadIdx.x] = v
        self.check(f, (np.zeros((2, 3), np.float32), np.float32(1)), TypeError,
                   "cannot assign to an array view")

    def test_others_are_compile_errors_only(self):
        @jit.rawkernel()
        def f(x):
            jit.syncwarp(width=3)
        with self.assertRaises(pykc.CompileError) as cm:
            f((1,), (1,), (np.zeros(1),))
        self.assertIs(type(cm.exception), pykc.CompileError)



if __name__ == "__main__":
    unittest.main(verbosity=1)
