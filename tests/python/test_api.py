"""The pykc Python package in CI: NumPy arrays on the CPU backend, no GPU (PYKC_CPU=1).

    python3 tests/python/test_api.py        (after `make python`)

API surface, argument typing, errors, launch forms, specialisation, free-name resolution
(module constants, closures, classes, aliases, device functions), pykc.load, AOT PTX/cubin.
"""
from __future__ import annotations

import os
import re
import sys
import tempfile
import types
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402
import numpy as cp  # noqa: E402  (kernels written for CuPy, run with NumPy)

import pykc  # noqa: E402
from pykc import jit  # noqa: E402
import pykc.jit as J  # noqa: E402

_GI = types.SimpleNamespace(num_lib=np, label="x", scale=2.0)   # Fuse.test_namespace_module
from pykc.jit import threadIdx as tid, rawkernel as rk  # noqa: E402
from math import sqrt, pi as PI  # noqa: E402
from numpy import sin as nsin, float32 as f32  # noqa: E402

SCALE = 3
OFFSET = 0.5
PAIR = (2, np.float32(1.5))
DT = np.float64
DTO = np.dtype("int16")
NOTHING = None
HERE = os.path.abspath(__file__)
CPLX = 1.5 - 2j
CPAIR = (0.5j, 3)
CSIN = cp.sin                     # a ufunc bound to a name, through the `cp` alias


@jit.rawkernel()
def saxpy(a, x, y, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def scale2d(src: "float32[:, :]", dst: "float32[:, :]"):
    x, y = jit.grid(2)
    if y < src.shape[0] and x < src.shape[1]:
        dst[y, x] = src[y, x] * 2 + y


@jit.rawkernel()
def store(out, v):
    i = jit.grid(1)
    if i < out.size:
        out[i] = v


@jit.rawkernel(device=True)
def twice(v):
    return v * SCALE - v


@J.rawkernel()
def uses_globals(out):
    i = J.blockIdx.x * J.blockDim.x + tid.x
    if i < out.size:
        out[i] = twice(DT(i)) + OFFSET + PAIR[0] + PAIR[1] + DTO.type(DTO.itemsize)
        if NOTHING is not None:
            out[i] = 0


@rk()
def aliased_decorator(out):
    i = pykc.jit.grid(1)
    if i < out.size:
        out[i] = i * 2


class Holder:
    @jit.rawkernel()
    def in_class(out):
        i = jit.grid(1)
        if i < out.size:
            out[i] = out[i] + 7


def make_closure(k, dtype):
    @jit.rawkernel()
    def scaled(x):
        i = jit.grid(1)
        if i < x.size:
            x[i] = x[i] * k + dtype(1)
    return scaled


if True:
    @jit.rawkernel()
    def under_if(x):
        i = jit.grid(1)
        if i < x.size:
            x[i] = 1


@jit.rawkernel()
def block_sum(x, out):
    s = jit.shared_memory(cp.float32, 64)
    t = jit.threadIdx.x
    s[t] = x[t]
    jit.syncthreads()
    if t == 0:
        acc = cp.float32(0)
        for j in range(64):
            acc += s[j]
        out[0] = acc


@jit.rawkernel()
def two_d(a):
    x, y = jit.grid(2)
    if x < a.shape[1] and y < a.shape[0]:
        a[y, x] = y * 100 + x


@jit.rawkernel()
def annotated(x: cp.float32[:], n: cp.int32):
    i = jit.grid(1)
    if i < n:
        x[i] = 1


@jit.rawkernel(debug=True)
def out_of_bounds(x):
    x[jit.grid(1) + 1000] = 1


@jit.rawkernel()
def from_imports(x, out):
    i = jit.grid(1)
    if i < x.size:
        out[i] = sqrt(x[i]) + nsin(x[i]) + CSIN(x[i]) + f32(PI)


@jit.rawkernel()
def complex_consts(z, out):
    i = jit.grid(1)
    if i < z.size:
        out[i] = z[i] * CPLX + CPAIR[0] * CPAIR[1]


@jit.rawkernel()
def generic_copy(x, out):
    i = jit.grid(1)
    if i < x.size:
        out[i] = x[i]


@jit.rawkernel(mode="numpy")
def numpy_mode(out, n):
    out[0] = n


class API(unittest.TestCase):
    def test_names(self):
        with open(os.path.join(ROOT, "src", "types", "builtins.c")) as f:
            src = f.read()
        # the rows of the jit module: row macros that are always M_JIT, rows naming M_JIT
        names = set(re.findall(r'\b(?:IDX|ATOMIC|SHFL|BITS)\("(\w+)"', src))
        names |= set(re.findall(r'\(M_JIT[^,]*, "(\w+)"', src))
        names |= set(re.findall(r'\{M_JIT, \{\.name = "(\w+)"', src))
        self.assertGreater(len(names), 30)
        for n in sorted(names):
            self.assertTrue(hasattr(jit, n), n)
        for lib in ("cg", "cub", "thrust"):                # the device libraries' rows
            members = re.findall(r'LIB\(M_%s, "(\w+)"' % lib.upper(), src)
            self.assertGreater(len(members), 2, lib)
            for n in members:
                self.assertTrue(hasattr(getattr(jit, lib), n), f"jit.{lib}.{n}")
        with self.assertRaisesRegex(RuntimeError, "inside a @jit.rawkernel"):
            jit.syncthreads()
        with self.assertRaisesRegex(RuntimeError, "inside a kernel"):
            jit.threadIdx.x
        self.assertIsInstance(pykc.__version__, str)

    def test_saxpy_and_launch_forms(self):
        x = np.arange(1000, dtype=np.float32)
        y = np.ones(1000, dtype=np.float32)
        for launch in (lambda o: saxpy((4,), (256,), (np.float32(2), x, y, o)),
                       lambda o: saxpy(4, 256, [2.0, x, y, o]),
                       lambda o: saxpy[4, 256](2.0, x, y, o),
                       lambda o: saxpy[(4, 1), (256,), None, 0](2.0, x, y, o),
                       lambda o: saxpy[np.int64(4), (np.int32(256),)](2.0, x, y, o),
                       lambda o: saxpy((4, 1), 256, (2.0, x, y, o), shared_mem=0, stream=None)):
            out = np.zeros(1000, dtype=np.float32)
            launch(out)
            np.testing.assert_array_equal(out, 2 * x + y)

    def test_launch_mistakes(self):
        """Launch mistakes name the argument and the fix, for k(grid, block, args) and
        k[grid, block] alike (issue 20 §4); a NumPy integer shared_mem still works."""
        x = np.arange(8, dtype=np.float32)
        out = np.zeros(8, dtype=np.float32)
        raw = pykc.RawKernel('extern "C" __global__ void cp(const float *x, float *o) '
                             '{ o[threadIdx.x] = x[threadIdx.x]; }', "cp")
        for k in (saxpy, raw):
            with self.assertRaisesRegex(TypeError, r"args must be a tuple of the kernel's "
                                        r"arguments, got numpy.ndarray: call k\(grid, block, "
                                        r"\(arg, ...\)\)"):
                k((1,), (8,), x, out)
            with self.assertRaisesRegex(TypeError, r"grid must be an int or a tuple of 1 to 3 "
                                        r"ints, got \(4.0,\): 4.0 is a float \(grid counts "
                                        r"blocks: use // or int\(\)\)"):
                k((4.0,), (8,), (x, out))
            with self.assertRaisesRegex(TypeError, r"block must be .* got 2.5: 2.5 is a float "
                                        r"\(block counts threads"):
                k[1, 2.5](x, out)
            with self.assertRaisesRegex(TypeError, r"block must be .* got an array "
                                        r"\(numpy.ndarray\): a kernel is called as"):
                k[(1,), x](x, out)
            with self.assertRaisesRegex(TypeError, r"shared_mem \(after grid, block and args\) "
                                        r"must be an int number of bytes, got numpy.ndarray"):
                k((1,), (8,), (x,), out)
        raw((1,), (8,), (x, out), np.int64(0))
        np.testing.assert_array_equal(out, x)

    def test_argument_typing(self):
        out = np.zeros(1, dtype=np.float64)
        store(1, 1, (out, 3))                 # Python int: int32 in mode='cuda'
        self.assertRegex(store.cached_code, r"void store[_\w]*\([^)]*int v\)")
        store(1, 1, (out, 2 ** 40))           # past int32: int64
        self.assertEqual(out[0], 2 ** 40)
        self.assertRegex(store.cached_code, r"long long v\)|int64_t v\)")
        store(1, 1, (out, 0.1))               # Python float: float32
        self.assertEqual(out[0], np.float64(np.float32(0.1)))
        store(1, 1, (out, np.float64(0.1)))   # NumPy scalar: its dtype
        self.assertEqual(out[0], 0.1)
        store(1, 1, (out, True))
        self.assertEqual(out[0], 1)
        o64 = np.zeros(1, dtype=np.int64)
        numpy_mode(1, 1, (o64, 5))            # mode='numpy': int64
        self.assertRegex(numpy_mode.cached_code, r"long long n\)|int64_t n\)")

    def test_specialisations(self):
        for dt in (np.float32, np.float64, np.int32, np.int16):
            out = np.zeros(10, dtype=dt)
            store(1, 32, (out, np.array(4, dtype=dt)[()]))
            np.testing.assert_array_equal(out, np.full(10, 4, dtype=dt))
        strided = np.zeros(20, dtype=np.float32)[::2]
        store(1, 32, (strided, 1.5))
        np.testing.assert_array_equal(strided, np.full(10, 1.5, dtype=np.float32))
        zero_d = np.zeros((), dtype=np.float32)

        @jit.rawkernel()
        def set0d(a):
            a[()] = 9
        set0d(1, 1, (zero_d,))
        self.assertEqual(zero_d[()], 9)

    def test_free_names(self):
        out = np.zeros(8, dtype=np.float64)
        uses_globals(1, 8, (out,))
        i = np.arange(8, dtype=np.float64)
        np.testing.assert_array_equal(out, i * 3 - i + 0.5 + 2 + 1.5 + 2)
        out = np.zeros(5, dtype=np.int32)
        aliased_decorator(1, 8, (out,))
        np.testing.assert_array_equal(out, np.arange(5) * 2)
        Holder.in_class(1, 8, (out,))
        np.testing.assert_array_equal(out, np.arange(5) * 2 + 7)
        a, b = make_closure(2, np.float32), make_closure(5, np.float32)
        x = np.ones(4, dtype=np.float32)
        a(1, 4, (x,))
        b(1, 4, (x,))
        np.testing.assert_array_equal(x, np.full(4, (1 * 2 + 1) * 5 + 1, np.float32))
        under_if(1, 4, (x,))
        np.testing.assert_array_equal(x, np.ones(4, np.float32))

    def test_from_imports(self):
        x = np.arange(1, 9, dtype=np.float32)
        out = np.zeros_like(x)
        from_imports(1, 8, (x, out))
        want = np.sqrt(x) + np.sin(x) + np.sin(x) + np.float32(np.pi)
        np.testing.assert_allclose(out, want, rtol=1e-6)
        self.assertIn("from math import sqrt", from_imports._build_source()[1])

    def test_complex_constants(self):
        for dt in (np.complex64, np.complex128):
            z = (np.arange(6) + 1j * np.arange(6)[::-1]).astype(dt)
            out = np.zeros_like(z)
            complex_consts(1, 8, (z, out))
            np.testing.assert_allclose(out, z * (1.5 - 2j) + 1.5j, rtol=1e-6)

    def test_cached_codes(self):
        self.assertEqual(generic_copy.cached_codes, {})
        for dt in (np.float32, np.int16):
            generic_copy(1, 8, (np.ones(4, dt), np.zeros(4, dt)))
        generic_copy(1, 8, (np.ones(4, np.float32), np.zeros(8, np.float32)[::2]))
        codes = generic_copy.cached_codes
        self.assertEqual(list(codes), ["(float32[::1], float32[::1])", "(int16[::1], int16[::1])",
                                       "(float32[::1], float32[:])"])
        self.assertIn("Array_float32_1 x", codes["(float32[::1], float32[::1])"])
        self.assertNotIn("int16", codes["(float32[::1], float32[::1])"])
        self.assertIn("Array_int16_1 x", codes["(int16[::1], int16[::1])"])
        self.assertIn("out.strides[0]", codes["(float32[::1], float32[:])"])
        self.assertIn(".entry generic_copy",
                      pykc.compile_ptx(generic_copy, list(codes)[1]))

    def test_device_array_packing(self):
        """CuPy arrays are read through their attributes (1-d contiguous ones through ndim,
        size and _c_contiguous); the result equals what their __cuda_array_interface__ says."""
        class MemoryPointer:
            def __init__(self, ptr, device_id):
                self.ptr, self.device_id = ptr, device_id

        def interface(h, ptr):
            return {"data": (ptr, False), "shape": h.shape, "typestr": h.dtype.str,
                    "strides": h.strides, "version": 3}

        class ndarray:                # CuPy's attributes, over a NumPy array's layout
            def __init__(self, h, ptr, dev):
                self._h, self.data, self.dtype = h, MemoryPointer(ptr, dev), h.dtype
            shape = property(lambda self: self._h.shape)
            strides = property(lambda self: self._h.strides)
            size = property(lambda self: self._h.size)
            ndim = property(lambda self: self._h.ndim)
            _c_contiguous = property(lambda self: self._h.flags.c_contiguous)
            __cuda_array_interface__ = property(lambda self: interface(self._h, self.data.ptr))
        ndarray.__module__ = "cupy"

        class Foreign:                # PyTorch, Numba: the interface only
            def __init__(self, h, ptr, dev):
                self.__cuda_array_interface__ = interface(h, ptr)
                self.device = type("Dev", (), {"index": dev})()

        base = np.zeros((6, 8), np.float32)
        layouts = [np.zeros(10, np.float32), np.zeros(10, np.float64)[::3], np.zeros(1, np.int8),
                   np.zeros(0, np.int16), base, base[:, ::2], base.T, base[2], base[:, 3],
                   np.zeros((), np.complex64), np.zeros(5, np.bool_), np.zeros((2, 1, 3), np.uint16)]
        for n, h in enumerate(layouts):
            ptr, dev = (1 << 40) + 256 * n, n % 2
            a = pykc._pykc._pack(generic_copy, [ndarray(h, ptr, dev), Foreign(h, ptr, dev)])
            self.assertEqual(a[0], a[1], (h.shape, h.strides))
            self.assertEqual(a[0], ("device", dev, h.dtype.name, h.ndim, h.shape, h.strides, ptr))
        s = pykc._pykc._pack(saxpy, [2.5, np.float32(1.5), 2 ** 40, 1j])
        self.assertEqual(s, [("scalar", 0, "float32", 2.5), ("scalar", 0, "float32", 1.5),
                             ("scalar", 0, "int64", 2 ** 40), ("scalar", 0, "complex64", 1j)])
        with self.assertRaisesRegex(TypeError, r"argument 'x': arrays of dtype '<U1'"):
            pykc._pykc._pack(generic_copy, [ndarray(np.zeros(2, "U1"), 1 << 40, 0), 1])

    def test_unusable_name(self):
        thing = {"a": 1}

        @jit.rawkernel()
        def bad(x):
            x[0] = thing
        with self.assertRaisesRegex(TypeError, r"name 'thing' is bound to a builtins.dict"):
            bad(1, 1, (np.zeros(1),))

    def test_diagnostic_mapping(self):
        # a header constant the compiler cannot use is named by its Python value; kernel
        # lines map to the user's file, line and column (indented source: caret shifted)
        from pykc._kernel import _map
        built = "import cupyx.jit as J\nZ = complex(1.0, 2.0)\n@J.rawkernel()\ndef k(x):\n    x[0] = Z\n"
        diag = ("<b>:5:12: error: unknown name 'Z' (bound at line 2 to an expression pykc cannot "
                "evaluate; pass --define Z=...)\n        x[0] = Z\n               ^")
        got = _map(diag, ("<b>", built), [(3, 3, "user.py", 40, 4)])
        self.assertEqual(got, "user.py:42:16: error: unknown name 'Z' (bound in Python to "
                         "complex(1.0, 2.0), which pykc cannot use as a constant yet)\n"
                         "            x[0] = Z\n                   ^")

    def test_compile_error(self):
        @jit.rawkernel()
        def broken(x):
            i = jit.grid(1)
            x[i] = undefined_name + 1  # noqa: F821
        line = broken.__wrapped__.__code__.co_firstlineno + 3
        with self.assertRaises(pykc.CompileError) as cm:
            broken(1, 1, (np.zeros(1, np.float32),))
        msg = str(cm.exception)
        self.assertIn(f"{HERE}:{line}:20: error: unknown name 'undefined_name'", msg)
        self.assertIn("            x[i] = undefined_name + 1", msg)
        self.assertRegex(msg, r"\n {23}\^~+")

    def test_argument_errors(self):
        x = np.zeros(4, np.float32)
        with self.assertRaisesRegex(TypeError, r"kernel 'saxpy' takes 4 arguments"):
            saxpy(1, 4, (1.0, x, x))
        with self.assertRaisesRegex(TypeError, r"argument 'x'.*str"):
            saxpy(1, 4, (1.0, "no", x, x))
        ro = np.ones(4, np.float32)                  # read-only: an input, never written
        ro.flags.writeable = False
        with self.assertRaisesRegex(ValueError, r"argument 'out', a read-only array"):
            saxpy(1, 4, (1.0, x, x, ro))
        np.testing.assert_array_equal(ro, np.ones(4))

        class FakeDevice:
            __cuda_array_interface__ = {"data": (1 << 40, False), "shape": (4,),
                                        "strides": None, "typestr": "<f4", "version": 3}
        with self.assertRaisesRegex(ValueError, r"argument 'y' is a device array"):
            saxpy(1, 4, (1.0, x, FakeDevice(), x))
        with self.assertRaisesRegex(TypeError, r"arrays of dtype '<U1'"):
            saxpy(1, 4, (1.0, x, np.array(["a"] * 4), x))
        with self.assertRaisesRegex(TypeError, r"argument 'x': expected float32\[:\], got int64"):
            annotated(1, 4, (np.zeros(4, np.int64), 1))
        with self.assertRaises(pykc.CompileError):        # types the body cannot take
            two_d(1, 4, (np.zeros(4, np.float32),))
        with self.assertRaisesRegex(ValueError, "block"):
            saxpy(1, 2048, (1.0, x, x, x))
        with self.assertRaisesRegex(TypeError, "grid"):
            saxpy("1", 4, (1.0, x, x, x))
        with self.assertRaisesRegex(TypeError, "grid, block"):
            saxpy[1](1.0, x, x, x)
        with self.assertRaisesRegex(pykc.CompileError, "a kernel cannot return a value"):
            twice(1, 1, (1,))                         # launched: a kernel (cupyx compiles
                                                      # it so and fails on the return too)
        with self.assertRaisesRegex(TypeError, "repeated keyword argument 'shared_mem'"):
            saxpy(1, 4, (1.0, x, x, x), 0, shared_mem=0)
        with self.assertRaisesRegex(TypeError, "repeated keyword argument 'grid'"):
            saxpy(1, 4, (1.0, x, x, x), grid=1)

    def test_buffer_protocol(self):
        import array
        out = array.array("f", [0.0] * 10)
        store(1, 32, (out, 2.5))
        self.assertEqual(list(out), [2.5] * 10)
        m = memoryview(bytearray(8 * 6)).cast("q", (2, 3))   # 2-d, int64
        two_d(1, (4, 4), (m,))
        self.assertEqual(m.tolist(), [[0, 1, 2], [100, 101, 102]])
        frozen = b"\0" * 16
        with self.assertRaisesRegex(ValueError, r"argument 'out', a read-only array"):
            store(1, 32, (memoryview(frozen).cast("i"), 1))
        self.assertEqual(frozen, b"\0" * 16)
        with self.assertRaisesRegex(TypeError, r"argument 'out': buffers of format"):
            store(1, 32, (memoryview(bytearray(4)).cast("c"), 1))

    def test_barriers_and_2d(self):
        x = np.arange(64, dtype=np.float32)
        out = np.zeros(1, np.float32)
        block_sum(1, 64, (x, out))
        self.assertEqual(out[0], x.sum())
        a = np.zeros((5, 7), np.int32)
        two_d((1, 1), (8, 8), (a,))
        np.testing.assert_array_equal(a, np.add.outer(np.arange(5) * 100, np.arange(7)))

    def test_debug_fault_names_kernel(self):
        line = out_of_bounds.__wrapped__.__code__.co_firstlineno + 2
        with self.assertRaisesRegex(pykc.LaunchError, rf"test_api.py:{line}: index 1000 out of "
                                    r"bounds .*kernel 'out_of_bounds'"):
            out_of_bounds(1, 1, (np.zeros(4, np.int32),))
        os.environ["PYKC_DEBUG"] = "1"                 # every kernel made from now on

        @jit.rawkernel()
        def oob_env(x):
            x[jit.grid(1) + 7] = 1
        del os.environ["PYKC_DEBUG"]
        with self.assertRaisesRegex(pykc.LaunchError, r"index 7 out of bounds .*'oob_env'"):
            oob_env(1, 1, (np.zeros(4, np.int32),))

    def test_aot(self):
        ptx = pykc.compile_ptx(saxpy, "(float32, float32[:], float32[:], float32[:])")
        self.assertIn(".visible .entry saxpy", ptx)
        cubin = pykc.compile_cubin(saxpy, (np.float32, "float32[::1]", "float32[:]", "float32[:]"),
                                   arch="sm_90")
        self.assertEqual(cubin[:4], b"\x7fELF")
        with self.assertRaises(ValueError):
            pykc.compile_ptx(saxpy, "(float32)", arch="sm_90")

    def test_nvrtc_wheel(self):
        # an nvidia-cuda-nvrtc wheel's layout (CUDA 13: nvidia/cu13/lib), found through
        # importlib and used through PYKC_NVRTC
        from pykc import _nvrtc
        lib = "/usr/local/cuda/lib64/libnvrtc.so.13"
        if not os.path.exists(lib):
            self.skipTest("no toolkit NVRTC to stand in for the wheel's")
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "nvidia", "cu13", "lib"))
            wheel = os.path.join(d, "nvidia", "cu13", "lib", "libnvrtc.so.13")
            os.symlink(lib, wheel)
            sys.path.insert(0, d)
            try:
                import importlib
                importlib.invalidate_caches()
                sys.modules.pop("nvidia", None)
                self.assertEqual(_nvrtc.wheel_nvrtc(), wheel)
            finally:
                sys.path.remove(d)
                sys.modules.pop("nvidia", None)
            import subprocess
            env = dict(os.environ, PYKC_NVRTC=wheel, PYTHONPATH=os.path.join(ROOT, "python"))
            code = ("import pykc\nfrom pykc import jit\n@jit.rawkernel()\ndef k(x):\n"
                    "    x[0] = 1\nprint(pykc.compile_ptx(k, '(float32[:])').count('.entry'))\n")
            path = os.path.join(d, "w.py")
            with open(path, "w") as f:
                f.write(code)
            r = subprocess.run([sys.executable, path], env=env, capture_output=True, text=True)
            self.assertEqual(r.stdout.strip(), "1", r.stderr)

    def test_cccl_environment(self):
        # where the toolkit has no CCCL: CuPy's bundled copy (its three folders), else the
        # nvidia-cuda-cccl wheel's (CUDA 13: nvidia/cu13/include/cccl), found through
        # importlib and passed to NVRTC through PYKC_CCCL_INCLUDE; the toolkit's CCCL stands
        # in for both
        from pykc import _nvrtc
        cccl = "/usr/local/cuda/include/cccl"
        if not os.path.exists(os.path.join(cccl, "cub", "block", "block_reduce.cuh")):
            self.skipTest("no toolkit CCCL to stand in for CuPy's and the wheel's")
        import importlib
        import subprocess
        with tempfile.TemporaryDirectory() as d:
            wheel = os.path.join(d, "nvidia", "cu13", "include", "cccl")
            os.makedirs(os.path.dirname(wheel))
            os.symlink(cccl, wheel)
            cupy = os.path.join(d, "cupy")
            os.makedirs(os.path.join(cupy, "_core", "include", "cupy", "_cccl"))
            open(os.path.join(cupy, "__init__.py"), "w").close()
            cupy_dirs = [os.path.join(cupy, "_core", "include", "cupy", "_cccl", n)
                         for n in ("cub", "thrust", "libcudacxx")]
            for p in cupy_dirs:
                os.symlink(cccl, p)
            sys.path.insert(0, d)
            try:
                importlib.invalidate_caches()
                for m in ("nvidia", "cupy"):
                    sys.modules.pop(m, None)
                self.assertEqual(_nvrtc.environment_cccl(), cupy_dirs)
                os.rename(cupy, cupy + "_gone")
                importlib.invalidate_caches()
                self.assertEqual(_nvrtc.environment_cccl(), [wheel])
            finally:
                sys.path.remove(d)
                for m in ("nvidia", "cupy"):
                    sys.modules.pop(m, None)
            # a toolkit without CCCL: its include folder less include/cccl
            home = os.path.join(d, "cuda")
            os.makedirs(os.path.join(home, "include"))
            for n in os.listdir("/usr/local/cuda/include"):
                if n != "cccl":
                    os.symlink(os.path.join("/usr/local/cuda/include", n),
                               os.path.join(home, "include", n))
            os.symlink("/usr/local/cuda/lib64", os.path.join(home, "lib64"))
            env = {k: v for k, v in os.environ.items() if k != "PYKC_CCCL_INCLUDE"}
            env.update(CUDA_HOME=home, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "python"), d]),
                       PYKC_CACHE="0")
            code = ("import os, numpy\nimport pykc\nfrom pykc import jit\n"
                    "@jit.rawkernel()\ndef k(x, y):\n"
                    "    jit.cg.this_thread_block().sync()\n"
                    "    y[0] = x[jit.threadIdx.x]\n"
                    "print(os.environ['PYKC_CCCL_INCLUDE'])\n"
                    "print(pykc.compile_ptx(k, '(float32[:], float32[:])').count('.entry'))\n")
            path = os.path.join(d, "w.py")
            with open(path, "w") as f:
                f.write(code)
            r = subprocess.run([sys.executable, path], env=env, capture_output=True, text=True)
            self.assertEqual(r.stdout.split(), [wheel, "1"], r.stderr)

    def test_load(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "k.py")
            with open(p, "w") as f:
                f.write("import cupy as cp\nfrom pykc import jit\n\n@jit.rawkernel()\n"
                        "def fill(x, v):\n    i = jit.grid(1)\n    if i < x.size:\n"
                        "        x[i] = v\n")
            m = pykc.load(p)
            x = np.zeros(6, np.int32)
            m.fill(1, 8, (x, 4))
            np.testing.assert_array_equal(x, np.full(6, 4))
            self.assertIs(m.get_function("fill"), m.fill)
            with self.assertRaises(AttributeError):
                m.nothing


    def test_raw_kernel(self):
        """cupy.RawKernel's constructor and call: CUDA C++ as written, on NumPy arrays."""
        add = pykc.RawKernel(r"""
extern "C" __global__ void my_add(const float *x1, const float *x2, float *y, int n) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n)
        y[tid] = x1[tid] + x2[tid];
}""", "my_add")
        self.assertEqual((add.name, add._params), ("my_add", ("x1", "x2", "y", "n")))
        x = np.arange(300, dtype=np.float32)
        y = np.zeros(300, np.float32)
        add((3,), (128,), (x, x, y, 300))            # a Python int for `int n`
        np.testing.assert_array_equal(y, 2 * x)
        with self.assertRaisesRegex(TypeError, "argument 'x1': expected float32\\*, got int32"):
            add((1,), (1,), (np.zeros(4, np.int32), x, y, 4))
        with self.assertRaisesRegex(TypeError, "takes 4 arguments"):
            add((1,), (1,), (x, x, y))
        y[:] = 0                                     # CuPy's keywords (Function.__call__)
        add(args=(x, x, y, 300), block=(128,), grid=(3,), shared_mem=0, stream=None)
        np.testing.assert_array_equal(y, 2 * x)
        with self.assertRaisesRegex(TypeError, "missing 'args'"):
            add((1,), (1,))
        with self.assertRaisesRegex(TypeError, "repeated keyword argument 'grid'"):
            add((1,), (1,), (x, x, y, 4), grid=(1,))
        with self.assertRaisesRegex(TypeError, "unexpected keyword argument 'blocks' \\(a "
                                    "launch takes grid, block, args, shared_mem=0, stream=None"):
            add((1,), args=(x, x, y, 4), blocks=(1,))
        line = sys._getframe().f_lineno + 1         # the code's line 2, column 10, is here
        bad = pykc.RawKernel('extern "C" __global__ void k(float *x) {\n  x[0] = nope;\n}',
                             "k")
        with self.assertRaisesRegex(pykc.CompileError, f"\n{re.escape(__file__)}:{line}:82: "
                                    "error: .*nope"):
            bad((1,), (1,), (y,))
        with self.assertRaisesRegex(AttributeError, "no __global__ function 'other'"):
            pykc.RawKernel("extern \"C\" __global__ void k(float *x) {}", "other")
        with self.assertWarnsRegex(DeprecationWarning, "jitify=True is deprecated"):
            pykc.RawKernel("extern \"C\" __global__ void k(float *x) {}", "k", jitify=True)
        with self.assertRaisesRegex(ValueError, "Jitify only supports NVRTC"):
            pykc.RawKernel("extern \"C\" __global__ void k(float *x) {}", "k",
                           backend="nvcc", jitify=True)

    def test_raw_module(self):
        """cupy.RawModule: several kernels, shared memory and shuffles, template instances
        by name expression, options that reach the host compiler."""
        code = r"""
template <typename T> __global__ void fx3(T *arr, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N)
        arr[tid] = arr[tid] * SCALE;
}
extern "C" __global__ void block_sum(const double *x, double *out) {
    extern __shared__ double part[];
    double v = x[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (threadIdx.x % 32 == 0)
        part[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        double s = 0;
        for (unsigned w = 0; w < blockDim.x / 32; w++)
            s += part[w];
        out[blockIdx.x] = s;
    }
}
"""
        mod = pykc.RawModule(code=code, options=("-std=c++17", "-DSCALE=3"),
                             name_expressions=["fx3<float>", "fx3<double>"])
        a = np.arange(10, dtype=np.float32)
        mod.get_function("fx3<float>")((1,), (16,), (a, 8))
        np.testing.assert_array_equal(a, np.r_[np.arange(8) * 3, 8, 9].astype(np.float32))
        b = np.arange(4, dtype=np.float64)
        f64 = mod.get_function("fx3<double>")
        self.assertIs(mod.get_function("fx3<double>"), f64)
        f64((1,), (4,), (b, np.int32(4)))
        np.testing.assert_array_equal(b, np.arange(4) * 3.0)
        x = np.arange(512, dtype=np.float64)
        out = np.zeros(4)
        mod.get_function("block_sum")((4,), (128,), (x, out), shared_mem=4 * 8)
        np.testing.assert_array_equal(out, x.reshape(4, 128).sum(axis=1))
        with self.assertRaisesRegex(AttributeError, "'fx3<int>' is a template instance that "
                                    "is not one of the module's name_expressions"):
            mod.get_function("fx3<int>")
        cpp = pykc.RawModule(code=code + "__global__ void mangled(int *x) { x[0] = 1; }\n",
                             options=("-DSCALE=2",))
        with self.assertRaisesRegex(AttributeError, "__global__ function 'mangled' has C\\+\\+ "
                                    "linkage \\(not extern \"C\", or static\\): name it in "
                                    "name_expressions"):
            cpp.get_function("mangled")
        with self.assertRaisesRegex(TypeError, "Exactly one of `code` and `path`"):
            pykc.RawModule()

    def test_form_options_are_nvrtc_options(self):
        """A kernel form's options are NVRTC's (issue 19): the GPU's code generation options
        run on the CPU backend, a word NVRTC has no option for is a CompileError naming it,
        and an ElementwiseKernel's -I finds its preamble's header."""
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "twice.h"), "w") as f:
                f.write("#define TWICE(v) ((v) * 2)\n")
            good = pykc.ElementwiseKernel("T x", "T y", "y = TWICE(x)", "opt_good",
                                          preamble='#include "twice.h"',
                                          options=("--use_fast_math", "-I" + d, "-lineinfo"))
            np.testing.assert_array_equal(good(np.arange(3.0)), [0.0, 2.0, 4.0])
        bad = pykc.ElementwiseKernel("T x", "T y", "y = x", "opt_bad", options=("--fast-math",))
        with self.assertRaisesRegex(pykc.CompileError, "option '--fast-math' is not one of "
                                    "NVRTC's"):
            bad(np.arange(3.0))
        raw = pykc.RawKernel('extern "C" __global__ void k(float *x) { x[0] = 1; }', "k",
                             options=("-O2",))
        with self.assertRaisesRegex(pykc.CompileError, "option '-O2' is not one of NVRTC's"):
            raw((1,), (1,), (np.zeros(1, np.float32),))

    def test_raw_module_reads_code_as_nvrtc_does(self):
        """The kernels of a RawModule are what NVRTC compiles: none from a comment, a string
        or an #if 0 block; extern "C" in any order with static, attributes and a repeated
        __global__; macros that declare a kernel; -D options for #if."""
        code = r"""
// removed: __global__ void old_kernel(
/* extern "C" __global__ void in_comment(int *x) {} */
#define KERNEL extern "C" __global__
#if 0
extern "C" __global__ void in_if0(int *x) {}
#endif
#if defined(BIG) && BIG > 2
extern "C" __global__ void big(int *x) { x[0] = BIG; }
#endif
typedef unsigned long long u64;
extern "C" __global__ __global__ void __launch_bounds__(32) twice(int *x, u64 n) {
    if (threadIdx.x < n) x[threadIdx.x] *= 2;
}
KERNEL void set7(int *x) { x[threadIdx.x] = 7; }
__device__ const char *s = "extern \"C\" __global__ void in_string(int *x) {}";
extern "C" { static __global__ void hidden(int *x) { x[1] = 5; } }
"""
        mod = pykc.RawModule(code=code, options=("-DBIG=3",))
        self.assertEqual(pykc._raw._kernel_names(code, ("-DBIG=3",), ()),
                         ["big", "twice", "set7"])
        self.assertEqual(pykc._raw._kernel_names(code, (), ()), ["twice", "set7"])
        for gone in ("old_kernel", "in_comment", "in_if0", "in_string"):
            with self.assertRaisesRegex(AttributeError, f"no __global__ function '{gone}'"):
                mod.get_function(gone)
        x = np.arange(4, dtype=np.int32)
        mod.get_function("twice")((1,), (32,), (x, 3))
        np.testing.assert_array_equal(x, [0, 2, 4, 3])
        mod.get_function("set7")((1,), (4,), (x,))
        mod.get_function("big")((1,), (1,), (x,))
        np.testing.assert_array_equal(x, [3, 7, 7, 7])
        self.assertEqual(mod.get_function("twice")._params, ("x", "n"))
        with self.assertRaisesRegex(AttributeError, "'hidden' has C\\+\\+ linkage"):
            mod.get_function("hidden")               # static: NVRTC mangles its name
        named = pykc.RawModule(code=code, name_expressions=["hidden"])
        named.get_function("hidden")((1,), (1,), (x,))
        self.assertEqual(x[1], 5)

    def test_raw_module_shares_its_module(self):
        """The functions of one RawModule share its __device__ variables, as in CuPy; a
        kernel named like a C library function (read) is the module's own."""
        code = r"""
__device__ int counter;
extern "C" {
__global__ void bump(int n) { atomicAdd(&counter, n); }
}
extern "C" __global__ void read(int *out) { *out = counter; }
template <class T> __global__ void peek(T *out) { *out = (T)counter; }
"""
        m = pykc.RawModule(code=code, name_expressions=["peek<double>"])
        bump, read = m.get_function("bump"), m.get_function("read")
        bump((1,), (4,), (3,))
        out = np.zeros(1, np.int32)
        read((1,), (1,), (out,))
        self.assertEqual(out[0], 12)
        d = np.zeros(1)
        m.get_function("peek<double>")((1,), (1,), (d,))
        self.assertEqual(d[0], 12.0)
        other = pykc.RawModule(code=code)                # a module of its own
        other.get_function("read")((1,), (1,), (out,))
        self.assertEqual(out[0], 0)

    def test_function_attributes(self):
        """CuPy's attributes of RawKernel and RawModule functions and the jit kernel's
        attributes(sig): on the CPU backend max_threads_per_block is its block limit, the
        settable two read what a GPU reads until set (48 KiB, -1) and then the value set
        (a program opts in to more dynamic shared memory before it launches), the others
        need a GPU (pykc.LaunchError); the setters check their values first."""
        code = 'extern "C" __global__ void inc(float *x) { x[threadIdx.x] += 1; }'
        for k in (pykc.RawKernel(code, "inc"), pykc.RawModule(code=code).get_function("inc")):
            self.assertEqual(k.max_threads_per_block, 1024)
            for name in ("num_regs", "shared_size_bytes", "const_size_bytes",
                         "local_size_bytes", "ptx_version", "binary_version", "cache_mode_ca"):
                with self.assertRaisesRegex(pykc.LaunchError, f"kernel 'inc': {name} needs a "
                                            r"GPU \(this context runs on the CPU backend\)"):
                    getattr(k, name)
            with self.assertRaisesRegex(pykc.LaunchError, "needs a GPU"):
                k.attributes
            self.assertEqual(k.max_dynamic_shared_size_bytes, 48 * 1024)
            self.assertEqual(k.preferred_shared_memory_carveout, -1)
            k.max_dynamic_shared_size_bytes = 65536
            k.preferred_shared_memory_carveout = 50
            self.assertEqual(k.max_dynamic_shared_size_bytes, 65536)
            self.assertEqual(k.preferred_shared_memory_carveout, 50)
            with self.assertRaisesRegex(pykc.LaunchError, "max_dynamic_shared_size_bytes = "
                                        "300000: with 0 bytes of static shared memory, more "
                                        r"than a block may have \(232448\)"):
                k.max_dynamic_shared_size_bytes = 300000
            self.assertEqual(k.max_dynamic_shared_size_bytes, 65536)
            with self.assertRaisesRegex(ValueError, "preferred_shared_memory_carveout must be "
                                        r"-1 \(the driver's choice\) or a percentage 0 .. 100, "
                                        "not 101"):
                k.preferred_shared_memory_carveout = 101
            with self.assertRaisesRegex(AttributeError, "has no setter"):
                k.num_regs = 8
            x = np.zeros(4, np.float32)
            k((1,), (4,), (x,))                      # still launches
            np.testing.assert_array_equal(x, 1)

        @jit.rawkernel()
        def scale(x: cp.float32[:]):
            x[0] = 2

        with self.assertRaisesRegex(pykc.LaunchError, "kernel 'scale': attributes need a GPU "
                                    r"\(PYKC_CPU=1"):
            scale.attributes("(float32[:])")


class Forms(unittest.TestCase):
    """pykc.ElementwiseKernel with CuPy's constructor and call, NumPy as the reference."""

    def test_elementwise_call(self):
        relu = pykc.ElementwiseKernel("T x, T ceiling", "T y",
                                      "y = min(max(x, (T)0), ceiling)", "clipped_relu")
        x = np.linspace(-4, 9, 101).reshape(1, 101)
        y = relu(x, 6.0)
        self.assertEqual((y.dtype, y.shape), (x.dtype, x.shape))
        np.testing.assert_array_equal(y, np.minimum(np.maximum(x, 0), 6.0))
        out = np.full_like(x, -1)                   # the output given: written in place
        self.assertIs(relu(x, 6, out), out)
        np.testing.assert_array_equal(out, y)
        xi = np.arange(-5, 5, dtype=np.int16)
        np.testing.assert_array_equal(relu(xi, 3), np.clip(xi, 0, 3).astype(np.int16))

    def test_broadcast_outputs_and_strides(self):
        k = pykc.ElementwiseKernel("T a, U b", "T s, float64 r", "s = a + b; r = i", "bc")
        a = np.arange(24, dtype=np.float32).reshape(4, 6)[:, ::2]   # strided view
        b = np.arange(4, dtype=np.int8).reshape(4, 1)
        s, r = k(a, b)
        np.testing.assert_array_equal(s, a + b.astype(np.float32))
        np.testing.assert_array_equal(r, np.arange(12, dtype=np.float64).reshape(4, 3))
        self.assertIsInstance(k(a, b), tuple)
        one = pykc.ElementwiseKernel("T a", "T b", "b = -a", "neg", return_tuple=True)
        self.assertEqual(len(one(a)), 1)
        none = pykc.ElementwiseKernel("T a", "T b", "b = -a", "neg2", no_return=True)
        self.assertIsNone(none(a))

    def test_repeated_calls_keep_no_stale_plan(self):
        """A form's call reuses the plan of an earlier call like it (issue 21: the outputs'
        dtypes and shapes, the launch's views): calls that differ only in shape, strides,
        broadcasting, dtype or which outputs are given, one after another and in turns,
        each get their own result."""
        k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "plans")
        base = np.arange(48, dtype=np.float64).reshape(6, 8)
        f, c4 = np.asfortranarray(base), np.ascontiguousarray(base[:, ::2])
        cases = [(base, base), (f, f), (base, f), (c4, c4), (base[:, ::2], base[:, 1::2]),
                 (base[:, :4], base[:, 4:]), (c4, base[:, 1::2]), (base[:3], base[3:]),
                 (base, base[0]), (base[:, :1], base[0]), (base.ravel(), base.ravel()),
                 (base.astype(np.float32), base.astype(np.float32)), (base.T, base.T),
                 (base[:0], base[:0])]
        for _ in range(3):
            for x, y in cases:
                want = x * y + x
                got = k(x, y)
                self.assertEqual((got.dtype, got.shape), (want.dtype, want.shape))
                np.testing.assert_array_equal(got, want)
                out = np.zeros(want.shape, want.dtype)
                self.assertIs(k(x, y, out), out)
                np.testing.assert_array_equal(out, want)
        with self.assertRaisesRegex(ValueError, "Out shape is mismatched"):
            k(base, base, np.zeros((6, 1)))             # after the same inputs planned
        r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "plans_sum")
        for _ in range(2):
            for axis, keep in ((None, False), (0, False), (1, True), ((0, 1), False)):
                np.testing.assert_array_equal(r(base, axis=axis, keepdims=keep),
                                              base.sum(axis=axis, keepdims=keep))
            np.testing.assert_array_equal(r(base[:, ::3], axis=1), base[:, ::3].sum(axis=1))

    def test_raw_and_preamble(self):
        rev = pykc.ElementwiseKernel(
            "raw T x, int32 n", "T y", "y = twice(x[n - 1 - i])", "rev",
            preamble="template <typename V> __device__ V twice(V v) { return v + v; }")
        x = np.arange(7, dtype=np.float64)
        y = np.zeros(7)
        rev(x, 7, y)
        np.testing.assert_array_equal(y, 2 * x[::-1])

    def test_preamble_takes_cupys_carray_type(self):
        # A preamble's function taking a raw array as the CArray type CuPy gives it (a
        # C-contiguous 2-d uint8 array with 32-bit indexing: CArray<unsigned char, 2,
        # true, true>) compiles: only the call's types are compiled, not pykc's default
        # specialisation (every parameter a 1-d array); the wrong type fails as in CuPy
        pre = """
        __device__ int at(const CArray<unsigned char, %s, true> &a, int y, int x) {
            int idx[] = {y, x};
            return a[idx];
        }"""
        img = np.arange(12, dtype=np.uint8).reshape(3, 4)
        k = pykc.ElementwiseKernel("raw uint8 img, int16 w", "int32 out",
                                   "out = at(img, i / w, i % w) * 2", "at2",
                                   preamble=pre % "2, true")
        out = np.zeros((3, 4), np.int32)
        k(img, 4, out)
        np.testing.assert_array_equal(out, img.astype(np.int32) * 2)
        bad = pykc.ElementwiseKernel("raw uint8 img, int16 w", "int32 out",
                                     "out = at(img, i / w, i % w) * 2", "at2_bad",
                                     preamble=pre % "2, false")
        with self.assertRaisesRegex(pykc.CompileError, "CArray<unsigned char, 2, true, true>"):
            bad(img, 4, out)

    def test_attributes(self):
        # CuPy's public attributes of the kernel objects
        e = pykc.ElementwiseKernel("T x", "T y", "y = x", "cp_attrs", preamble="// p",
                                   loop_prep="int k = 0;")
        self.assertEqual((e.name, e.nin, e.nout, e.nargs, e.operation, e.preamble,
                          e.reduce_dims, e.kwargs), ("cp_attrs", 1, 1, 2, "y = x", "// p",
                                                     True, {"loop_prep": "int k = 0;"}))
        r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", None, "rk_attrs")
        self.assertEqual((r.identity, r.reduce_type, r.map_expr, r.reduce_expr,
                          r.post_map_expr, r.nargs), ("", "T", "x", "a + b", "y = a", 2))

    def test_size(self):
        # every parameter raw: CuPy's size= gives the loop's length, and raw outputs
        # not given are allocated with shape (size,)
        scatter = pykc.ElementwiseKernel("raw T x, raw int32 idx", "raw T y",
                                         "y[idx[i]] = x[i] * 2", "scatter2")
        x = np.arange(6, dtype=np.float32)
        idx = np.array([5, 0, 3], dtype=np.int32)
        y = np.zeros(6, np.float32)
        scatter(x, idx, y, size=3)
        np.testing.assert_array_equal(y, [2, 0, 0, 4, 0, 0])
        fill = pykc.ElementwiseKernel("", "raw int64 y", "y[i] = i * i", "fill_sq")
        out = fill(size=5)
        np.testing.assert_array_equal(out, np.arange(5) ** 2)
        self.assertEqual(out.dtype, np.int64)
        with self.assertRaisesRegex(ValueError, "Loop size is undecided"):
            scatter(x, idx, y)
        with self.assertRaisesRegex(ValueError, "Loop size is undecided"):
            scatter(x, idx, y, size=-1)             # CuPy's "not given"
        add = pykc.ElementwiseKernel("T x", "T z", "z = x + 1", "inc")
        with self.assertRaisesRegex(ValueError, "Specified 'size' can be used only if all of "
                                    "the ndarray are 'raw'"):
            add(x, size=6)

    def test_errors(self):
        with self.assertRaisesRegex(pykc.CompileError, r"parameter name '\*a' is not a C"):
            pykc.ElementwiseKernel("raw float32 *a", "float32 y", "y = 1")
        with self.assertRaisesRegex(pykc.CompileError, "Can not use 'i' as a parameter name"):
            pykc.ElementwiseKernel("float32 i", "float32 y", "y = i")
        k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add")
        with self.assertRaisesRegex(TypeError, "Type is mismatched. y float64 float32 T"):
            k(np.zeros(3, np.float32), np.zeros(3))
        with self.assertRaisesRegex(ValueError, "operands could not be broadcast"):
            k(np.zeros(3), np.zeros(4))
        # a spec error is at the user's statement, quoting it (issue 20 §4)
        with self.assertRaises(pykc.CompileError) as cm:
            pykc.ElementwiseKernel("T x, Q", "T y", "y = x", name="spec_at_line")
        line = sys._getframe().f_lineno - 1
        msg = str(cm.exception)
        self.assertTrue(msg.startswith(f"{__file__}:{line}:"), msg)
        self.assertIn('pykc.ElementwiseKernel("T x, Q", "T y", "y = x", name="spec_at_line")\n'
                      + " " * 44 + "^~", msg)
        self.assertNotIn("kernel_form", msg)
        # a spec type spelt as C spells it is NumPy's dtype (CuPy's rule): the message says so
        c = pykc.ElementwiseKernel("float x", "float32 y", "y = x", "cfloat")
        with self.assertRaisesRegex(TypeError, r"Type is mismatched. x float32 float64 "
                                               r"\('float' is float64, as NumPy reads it\)"):
            c(np.zeros(3, np.float32))
        with self.assertRaisesRegex(TypeError, r"Type is mismatched. y float64 float32$"):
            c(np.zeros(3), np.zeros(3))
        with self.assertRaisesRegex(TypeError, "Wrong number of arguments for 'add'"):
            k(np.zeros(3))
        with self.assertRaisesRegex(ValueError, "Loop size is undecided"):
            k(1.0, 2.0)
        # a keyword a form's call does not take: CuPy's TypeError naming every such one
        # (before the arguments are looked at), for ElementwiseKernel and ReductionKernel
        with self.assertRaisesRegex(TypeError, r"^Wrong arguments \{'axis': 1, 'out': None\}$"):
            k(np.zeros(3), axis=1, size=None, out=None)
        r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "rsum")
        with self.assertRaisesRegex(TypeError, r"^Wrong arguments \{'dtype': 'f'\}$"):
            r(np.zeros(3), dtype='f')

    def test_compiler_message(self):
        """The C++ compiler's error about a snippet (NVRTC's on the GPU: the same format)
        is a CompileError naming this file and the snippet's line."""
        line = sys._getframe().f_lineno + 1
        bad = pykc.ElementwiseKernel("float64 x", "float64 y", "y = x;\ny = y * M_E", "bad")
        with self.assertRaises(pykc.CompileError) as cm:
            bad(np.ones(3))
        msg = str(cm.exception)
        self.assertIn(f"{__file__}:{line}:", msg)   # the snippet's second line, in the literal
        self.assertIn("M_E", msg)
        ok = pykc.ElementwiseKernel("float64 x", "float64 y",
                                    "y = x * M_PI + _floor_divide(7, 2) + CUDART_INF", "env")
        self.assertTrue(np.all(ok(np.ones(2)) == np.inf))   # CuPy's names, on the CPU too


GAIN = 3


class Fuse(unittest.TestCase):
    """pykc.fuse with CuPy's decorator and call (CuPy's fuse typing), NumPy as the reference."""

    def test_elementwise(self):
        @pykc.fuse(kernel_name="squared_diff")
        def squared_diff(x, y):
            return (x - y) * (x - y)

        x = np.arange(10, dtype=np.float32)
        y = np.linspace(-1, 1, 10).astype(np.float32)
        r = squared_diff(x, y)
        self.assertEqual(r.dtype, np.float32)
        np.testing.assert_array_equal(r, (x - y) * (x - y))
        b = squared_diff(np.ones((3, 1), np.int8), np.arange(4, dtype=np.int8))  # broadcast
        self.assertEqual((b.dtype, b.shape), (np.int8, (3, 4)))
        self.assertEqual(squared_diff(5, 2), 9)       # no array: the Python function
        self.assertIsInstance(squared_diff, pykc.Fusion)

    def test_typing_and_constants(self):
        @pykc.fuse
        def scaled(x, a):
            return x * a + GAIN, x / 2

        xi = np.arange(-4, 4, dtype=np.int8)
        s, h = scaled(xi, 1.5)                        # int8 * Python float: float16 (CuPy)
        self.assertEqual((s.dtype, h.dtype), (np.float16, np.float64))
        np.testing.assert_array_equal(h, xi / 2)
        s, _ = scaled(xi, np.float32(1.5))            # a NumPy scalar: strong
        self.assertEqual(s.dtype, np.float32)

    def test_reduction(self):
        @pykc.fuse()
        def sum_of_products(x, y):
            return np.sum(x * y, axis=-1) * 2

        x = np.arange(12, dtype=np.float64).reshape(3, 4)
        r = sum_of_products(x, x)
        self.assertEqual((r.dtype, r.shape), (np.float64, (3,)))
        np.testing.assert_array_equal(r, (x * x).sum(-1) * 2)

        @pykc.fuse()
        def total(x):
            return x.sum()                             # the new fusion's typing: int64

        t = total(np.arange(100, dtype=np.int8))
        self.assertEqual((t.dtype, t.shape, int(t)), (np.int64, (), 4950))

    def test_namespace_module(self):
        """A function reaching NumPy through a namespace (SMCPy's gi.num_lib.log): the
        namespace's module attributes bind, its other attributes are left out."""
        @pykc.fuse(kernel_name="loglike")
        def loglike(output, data, var):
            term1 = _GI.num_lib.log(2 * _GI.num_lib.pi * var)
            return _GI.num_lib.sum((term1 + (output - data) ** 2 / var) * -0.5, axis=2)

        o, d = np.linspace(0, 1, 60).reshape(3, 4, 5), np.linspace(1, 2, 20).reshape(4, 5)
        v = np.asarray(0.37)
        np.testing.assert_allclose(loglike(o, d, v), np.sum(
            (np.log(2 * np.pi * v) + (o - d) ** 2 / v) * -0.5, axis=2), rtol=1e-12)

    def test_stages(self):
        """What CuPy's old fusion refuses and its new fusion runs (several reductions, a
        post-map that reads arrays, outputs of different shapes, views of computed values,
        y[:] = y[::-1]): a sequence of kernels, the tuple returned."""
        @pykc.fuse()
        def norm(x, n):
            m = np.sum(x, axis=0) / n
            d = x - m
            return m, d / np.sqrt(np.sum(d * d, axis=0) / n)

        x = np.arange(12, dtype=np.float32).reshape(4, 3) ** 2
        m, z = norm(x, 4.0)
        self.assertEqual((m.shape, z.shape, z.dtype), ((3,), (4, 3), np.float32))
        d = x - x.mean(0)
        np.testing.assert_allclose(z, d / np.sqrt((d * d).mean(0)), rtol=1e-5)
        m2, _ = norm(x, np.float64(4))                # a NumPy scalar: Python's call path
        self.assertEqual(m2.dtype, np.float64)

        @pykc.fuse()
        def one(x):                                   # one ReductionKernel: CuPy returns
            s = x.sum(axis=0)                         # its first output only
            return s, s * 2

        np.testing.assert_array_equal(one(x), x.sum(0))

        @pykc.fuse()
        def rev(y):
            y[:] = y[::-1]
            return (y * 2)[0]

        y = np.arange(5, dtype=np.int32)
        r = rev(y)
        np.testing.assert_array_equal(y, [4, 3, 2, 1, 0])
        self.assertEqual((r.shape, int(r)), ((), 8))

        @pykc.fuse()
        def bad(x):
            return x.sum(), x.max(), 2                # two reductions: the new fusion

        with self.assertRaisesRegex(pykc.CompileError, "must be of _ArrayProxy type"):
            bad(x)

    def test_composition(self):
        @pykc.fuse()
        def sq(d):
            return d * d

        @pykc.fuse()
        def dist(x, y):
            return np.sqrt(sq(x - y) + 1)

        x = np.arange(5, dtype=np.float32)
        np.testing.assert_allclose(dist(x, x[::-1].copy()), np.sqrt((x - x[::-1]) ** 2 + 1),
                                   rtol=1e-6)

    def test_errors(self):
        @pykc.fuse()
        def truth(x):
            if x > 0:
                return x
            return -x

        with self.assertRaisesRegex(pykc.CompileError,   # CuPy: a TypeError from its trace
                                    "Cannot convert to Python scalar in cupy.fuse"):
            truth(np.ones(3))

        @pykc.fuse()
        def keep(x):
            return np.sum(x, keepdims=True)

        with self.assertRaisesRegex(pykc.CompileError, "does not support `keepdims` in "
                                    "fusion yet"):
            keep(np.ones(3))

    def test_errors_at_the_users_line(self):
        """A fuse function's error names this file and the line of the mistake, and quotes
        it (issue 20 §4), not the program pykc builds from it."""
        @pykc.fuse()
        def unknown(x):
            return x + not_defined_anywhere  # noqa: F821
        where = f"{unknown.func.__code__.co_filename}:{sys._getframe().f_lineno - 1}:"
        with self.assertRaises(Exception) as cm:
            unknown(np.ones(3))
        self.assertIn(where + "24: error: name 'not_defined_anywhere' is not defined",
                      str(cm.exception))
        self.assertIn("return x + not_defined_anywhere  # noqa: F821", str(cm.exception))
        self.assertNotIn("<fuse", str(cm.exception))

    def test_errors_at_the_users_line_with_none(self):
        """The same with a None argument, for which the function is traced again from its
        rewritten source: still this file and line."""
        @pykc.fuse()
        def mul(x, y):
            return x * y + 1
        where = f"{mul.func.__code__.co_filename}:{sys._getframe().f_lineno - 1}:"
        with self.assertRaises(pykc.CompileError) as cm:
            mul(None, np.ones(3))
        self.assertIn(where, str(cm.exception))
        self.assertIn("Unsupported type <class 'NoneType'> in cupy.fuse", str(cm.exception))
        self.assertNotIn("<fuse", str(cm.exception))


class FuseAsWritten(unittest.TestCase):
    """pykc.fuse on what real programs write (issue 19 §2), NumPy as the reference."""

    def test_out_and_inplace(self):
        @pykc.fuse()
        def outarg(x, y, z, u, v):
            np.add(x, y, out=z)
            np.subtract(z, x, u)                     # a positional out
            np.multiply(z, x, out=v)
            return u

        x, y = np.arange(6, dtype=np.float32), np.full(6, 0.5, np.float32)
        z, u, v = np.zeros(6, np.float32), np.zeros(6, np.float32), np.zeros(6)
        r = outarg(x, y, z, u, v)
        np.testing.assert_array_equal(z, x + y)
        np.testing.assert_array_equal(u, (x + y) - x)
        np.testing.assert_array_equal(v, (x + y) * x)   # float32 loop cast into float64
        np.testing.assert_array_equal(r, u)
        self.assertIsNot(r, u)                        # CuPy's output is a new array

        @pykc.fuse()
        def iadd3(x, y):
            x += y
            x += y
            x += y
            return x

        a, b = np.arange(12, dtype=np.int16).reshape(3, 4), np.arange(4, dtype=np.int16)
        want = a + 3 * b
        np.testing.assert_array_equal(iadd3(a, b), want)
        np.testing.assert_array_equal(a, want)        # the caller's array, updated

    def test_aliases_copy_setitem(self):
        @pykc.fuse()
        def alias(x):
            t = x * 2
            u = t
            c = t.copy()
            t += 1
            return u, c

        x = np.arange(5, dtype=np.float64)
        u, c = alias(x)
        np.testing.assert_array_equal(u, x * 2 + 1)   # u is t: it sees the update
        np.testing.assert_array_equal(c, x * 2)

        @pykc.fuse()
        def fill(x, y):
            x[:] = np.nan
            y[...] = y * 2 + 1

        x, y = np.ones(4, np.float32), np.arange(4, dtype=np.int32)
        self.assertIsNone(fill(x, y))                 # no return: None
        self.assertTrue(np.isnan(x).all())
        np.testing.assert_array_equal(y, np.arange(4) * 2 + 1)

    def test_tuples_and_returns(self):
        @pykc.fuse()
        def f(x, y):
            return x - y * 2, x + y

        @pykc.fuse()
        def g(x, y, z):
            a, b = f(x + z, z - x * 3)
            (a, b) = (b, a)
            return a * b

        x, y, z = (np.arange(6, dtype=np.int64) + k for k in range(3))
        a, b = (z - x * 3) + (x + z), (x + z) - (z - x * 3) * 2
        np.testing.assert_array_equal(g(x, y, z), a * b)

        @pykc.fuse()
        def empty(x):
            return ()

        @pykc.fuse()
        def single(x):
            return (x,)

        @pykc.fuse()
        def bare(x):
            x *= 2
            return

        self.assertEqual(empty(x), ())
        r = single(x)
        self.assertIsInstance(r, tuple)
        np.testing.assert_array_equal(r[0], x)
        w = np.arange(3.0)
        self.assertIsNone(bare(w))
        np.testing.assert_array_equal(w, [0, 2, 4])

    def test_none_for_some_dtypes(self):
        # CuPy's TestFusionBitwiseBinary: a bare return the trace takes for some dtypes
        # (uint64 with a signed integer, NumPy's TypeError) returns None there, values
        # elsewhere; a tuple function too. Writing before such a return stays refused.
        @pykc.fuse()
        def band(x, y):
            if ((x.dtype == 'uint64' and y.dtype.kind == 'i')
                    or (y.dtype == 'uint64' and x.dtype.kind == 'i')):
                return
            return np.bitwise_and(x, y)

        @pykc.fuse()
        def pair(x, y):
            if x.dtype == 'int8':
                return
            return x + y, x - y

        u, i8 = np.arange(6, dtype=np.uint64), np.arange(6, dtype=np.int8)
        for _ in range(2):                          # (the plan kept for the second call)
            self.assertIsNone(band(u, i8))
            self.assertIsNone(band(i8, u))
        np.testing.assert_array_equal(band(u, u), u)
        np.testing.assert_array_equal(band(i8, i8 + 1), i8 & (i8 + 1))
        self.assertIsNone(pair(i8, i8))
        s, d = pair(u, u)
        np.testing.assert_array_equal(s, u * 2)

        @pykc.fuse()
        def written(x):
            if x.dtype == 'int8':
                x += 1
                return
            return x * 2

        with self.assertRaisesRegex(pykc.CompileError, "this return gives 0 values"):
            written(i8)

    def test_defaults_dtype_scalars(self):
        @pykc.fuse()
        def soft(x, eps=1.0, n=2):
            return x * n + eps

        x = np.arange(4, dtype=np.float32)
        self.assertEqual(soft(x).dtype, np.float32)   # the defaults are weak
        np.testing.assert_array_equal(soft(x), x * 2 + 1)
        np.testing.assert_array_equal(soft(x, 3.0), x * 2 + 3)
        np.testing.assert_array_equal(soft(x, 3.0, 5), x * 5 + 3)

        @pykc.fuse()
        def power(x, n=3):
            acc = x
            for _ in range(n - 1):                    # n: the default, a trace-time int
                acc = acc * x
            return acc

        np.testing.assert_array_equal(power(x), x ** 3)
        with self.assertRaisesRegex(pykc.CompileError, "Cannot convert to Python scalar"):
            power(x, 2)                               # a traced value in range(), as CuPy

        @pykc.fuse()
        def add_y(x, y=None):
            if y is None:                             # None: no kernel parameter
                return x * 2
            return x + y

        np.testing.assert_array_equal(add_y(x), x * 2)
        np.testing.assert_array_equal(add_y(x, None), x * 2)
        np.testing.assert_array_equal(add_y(x, x), x + x)

        @pykc.fuse()
        def dtype_of(x):
            one = x.dtype.type(1.5)                   # np.float16(1.5): strong
            return x.astype(x.dtype) * one + np.floor(x)

        h = np.linspace(-2, 2, 9).astype(np.float16)
        r = dtype_of(h)
        self.assertEqual(r.dtype, np.float16)
        np.testing.assert_array_equal(r, h * np.float16(1.5) + np.floor(h))

        @pykc.fuse()
        def mul(x, s):
            return x * s

        self.assertEqual(mul(x, 2.0).dtype, np.float32)          # a Python float: weak
        self.assertEqual(mul(x, np.float64(2.0)).dtype, np.float64)   # NumPy's: strong
        self.assertEqual(mul(np.ones(2, np.int8), np.int64(2)).dtype, np.int64)
        self.assertEqual(mul(np.ones(2, np.int8), 2.5).dtype, np.float16)  # CuPy's fuse

        @pykc.fuse()
        def unroll(x):
            acc = x * 0
            for c in (1.0, 2.0, 3.0):
                acc = acc * x + c
            for i in range(2):
                acc += i
            return acc

        np.testing.assert_array_equal(unroll(x), (x + 2) * x + 3 + 1)

    def test_functions_apart(self):
        @pykc.fuse()
        def bad(x):
            with open("f") as fh:
                pass
            return x

        @pykc.fuse()
        def good(x):
            return x + 1

        np.testing.assert_array_equal(good(np.ones(2)), [2, 2])
        with self.assertRaisesRegex(pykc.CompileError, "'with' statements are not supported"):
            bad(np.ones(2))

    def test_refusals(self):
        @pykc.fuse()
        def outscalar(x, s):
            return np.exp(x, out=s)

        with self.assertRaisesRegex(pykc.CompileError, "Return arrays must be of ArrayType"):
            outscalar(np.ones(2), 2.0)

        @pykc.fuse()
        def cast(x, y):
            y += x * 1.5

        with self.assertRaisesRegex(pykc.CompileError, "Cannot cast output operand from "
                                    "dtype\\('float64'\\) to dtype\\('int32'\\)"):
            cast(np.ones(2), np.ones(2, np.int32))

        @pykc.fuse()
        def part(x):
            x[1:] = 0

        with self.assertRaisesRegex(pykc.CompileError, "The fusion supports `\\[...\\]` or "
                                    "`\\[:\\]`"):
            part(np.ones(3))


class Contiguity(unittest.TestCase):
    """Issue 21: a launch on C-contiguous arrays takes a specialisation that indexes them
    by shape (cached by contiguity in the signature); strided arrays keep the general
    code. The results agree, and cached_code shows which code ran."""

    @staticmethod
    def kernels(code):      # (not the map twins, NAME__map: docs/design.md 5.3)
        return [k for k in re.findall(r'extern "C" __global__ void (\w+)\(', code)
                if not k.endswith("__map")]

    def test_declared_dsl_kernel(self):
        a = np.arange(40 * 24, dtype=np.float32).reshape(40, 24)
        want = lambda v: v * 2 + np.arange(v.shape[0], dtype=np.float32)[:, None]  # noqa: E731
        d = np.zeros_like(a)
        scale2d((2, 3), (16, 16), (a, d))
        np.testing.assert_array_equal(d, want(a))
        code = scale2d.cached_code
        self.assertEqual(len(self.kernels(code)), 1)   # the C-contiguous one alone
        body = code.split("__global__")[1]
        self.assertIn("src.data[y * src.shape[1] + x]", body)
        self.assertNotIn("strides[", body)
        t = np.zeros((24, 40), np.float32)
        scale2d((3, 2), (16, 16), (a.T, t))           # transposed source, contiguous out
        np.testing.assert_array_equal(t, want(a.T))
        s = a[::2, 1::3]
        o = np.zeros((40, 24), np.float32)[::2, 1::3]
        scale2d((1, 2), (16, 16), (s, o))             # both sliced: the declared code
        np.testing.assert_array_equal(o, want(s))
        self.assertEqual(sorted(self.kernels(scale2d.cached_code)),
                         ["scale2d__f4a2_f4a2", "scale2d__f4a2_f4a2c", "scale2d__f4a2c_f4a2c"])
        scale2d((2, 3), (16, 16), (a, d))             # the first again: cached
        np.testing.assert_array_equal(d, want(a))

    def test_elementwise(self):
        k = pykc.ElementwiseKernel("T x, T c", "T y", "y = x * c + i", "contig_ewk")
        x = np.arange(30, dtype=np.float64).reshape(5, 6)
        idx = np.arange(30.0).reshape(5, 6)
        np.testing.assert_array_equal(k(x, 2.0), x * 2 + idx)
        self.assertIn("const double &x = _raw_x.data_[i];", k.cached_code)
        self.assertNotIn("_ind.set(i)", k.cached_code)
        np.testing.assert_array_equal(k(x.T, 2.0), x.T * 2 + idx.reshape(6, 5))
        np.testing.assert_array_equal(k(x[:, ::2], 3.0), x[:, ::2] * 3 + np.arange(15.0).reshape(5, 3))
        self.assertIn("const double &x = _raw_x[_ind.get()];", k.cached_code)
        d = pykc.ElementwiseKernel("float32 x", "float32 y", "y = x + 1", "declared_ewk")
        v = np.arange(8, dtype=np.float32)
        np.testing.assert_array_equal(d(v), v + 1)
        self.assertEqual(len(self.kernels(d.cached_code)), 1)   # its declared dtypes' twin
        np.testing.assert_array_equal(d(v[::2]), v[::2] + 1)
        self.assertEqual(len(self.kernels(d.cached_code)), 2)

    def test_reduction(self):
        r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "contig_sum")
        m = np.arange(12 * 10, dtype=np.float64).reshape(12, 10)
        np.testing.assert_array_equal(r(m, axis=0), m.sum(0))
        self.assertIn("const T x = _raw_x.data_[_j];", r.cached_code)
        np.testing.assert_array_equal(r(m, axis=1), m.sum(1))       # reduced axis last
        np.testing.assert_array_equal(r(m[::3, 1:], axis=0), m[::3, 1:].sum(0))
        self.assertIn("_pykc::off<0, 1>(_raw_x, _J)", r.cached_code)


class FuseViews(unittest.TestCase):
    """Views in pykc.fuse (x[0], x[::-1], x[:, None], x[...]) as CuPy's new fusion takes
    them, NumPy as the reference; CuPy's errors where it refuses."""

    def test_views(self):
        @pykc.fuse()
        def v(x, y):
            return x[::-1, None][:, 0] * y[None] + x[1] - x[..., 2, None] + x[-1, -1]

        x = np.arange(12, dtype=np.float32).reshape(3, 4)
        y = np.linspace(-1, 1, 4).astype(np.float32)
        want = x[::-1, None][:, 0] * y[None] + x[1] - x[..., 2, None] + x[-1, -1]
        np.testing.assert_allclose(v(x, y), want, rtol=1e-6)
        got = v(x.T.copy().T, y)                       # strided arguments: the same
        np.testing.assert_allclose(got, want, rtol=1e-6)

    def test_shape_of_operands(self):
        @pykc.fuse()
        def row(x, unused):
            return x[1] * 2                          # CuPy: the shape of x[1]

        x = np.arange(12.0).reshape(3, 4)
        np.testing.assert_array_equal(row(x, np.zeros((5, 3, 4))), x[1] * 2)
        r = row(np.arange(6.0), 0)                   # a 0-d view: a 0-d result
        self.assertEqual(r.shape, ())
        self.assertEqual(float(r), 2.0)

    def test_writes(self):
        @pykc.fuse()
        def put(x, y):
            x[1][...] = y * 3
            x[2][::-1][:] = y

        x, y = np.zeros((3, 4), np.float32), np.arange(4, dtype=np.float32)
        self.assertIsNone(put(x, y))
        np.testing.assert_array_equal(x, [[0] * 4, y * 3, y[::-1]])

    def test_errors(self):
        @pykc.fuse()
        def out_of_bounds(x):
            return x[3]

        with self.assertRaisesRegex(IndexError, "Index 3 is out of bounds for axis 0 "
                                    "with size 3"):
            out_of_bounds(np.zeros((3, 4)))

        @pykc.fuse()
        def part(x):
            return x[1:]

        with self.assertRaisesRegex(pykc.CompileError, r"Only full range ``x\[::\]`` or "
                                    r"reverse ``x\[::-1\]`` is supported"):
            part(np.zeros(4))

        @pykc.fuse()
        def two_shapes(x):                            # CuPy's new fusion: each output its
            return x[0], x                            # own shape (a sequence of kernels)

        x = np.arange(12.0).reshape(3, 4)
        a, b = two_shapes(x)
        self.assertEqual((a.shape, b.shape), ((4,), (3, 4)))
        np.testing.assert_array_equal(a, x[0])
        np.testing.assert_array_equal(b, x)


class FuseOrder(unittest.TestCase):
    """Writes through views in pykc.fuse, in CuPy's new fusion's order (each operation in
    its place, every value an array of its own): NumPy's sequential results."""

    def run_both(self, f, *args):
        """f by NumPy and through pykc.fuse on copies: the results and the arguments."""
        a_np = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        a_pk = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        want, got = f(*a_np), pykc.fuse()(f)(*a_pk)
        for w, g in zip(want if isinstance(want, tuple) else (want,),
                        got if isinstance(got, tuple) else (got,)):
            if w is None:
                self.assertIsNone(g)
            else:
                self.assertEqual(np.asarray(g).dtype, np.asarray(w).dtype)
                np.testing.assert_allclose(g, w, rtol=1e-6)
        for w, g in zip(a_np, a_pk):
            np.testing.assert_array_equal(g, w)

    def test_value_kept_across_a_write(self):
        def keep(x, y):
            s = x * 2 + y
            v = x[::-1]
            v += y
            return s - x

        def keep_red(x, y):
            c = x - y
            x[0][...] = y
            return c.sum(0) + x[0], c * x

        x, y = np.arange(12.0).reshape(3, 4) - 5, np.linspace(-1, 1, 4)
        self.run_both(keep, np.arange(7, dtype=np.int32), np.arange(7, dtype=np.int32) * 3)
        self.run_both(keep_red, x, y)

    def test_updates_reading_each_other(self):
        def cycle(x, a):
            a += x[0]
            x += a

        def swap(x, a):
            t = a * 1.0
            a[...] = x[1]
            x *= t

        def three(a, b, c):                           # b and c read each other's writes,
            cr = c[::-1]                              # both read a's
            a += 1
            b += a + cr
            c += b

        x, a = np.arange(12, dtype=np.int64).reshape(3, 4), np.arange(4, dtype=np.int64) - 7
        self.run_both(cycle, x, a)
        self.run_both(swap, x.astype(np.float32), a.astype(np.float32))
        self.run_both(three, a, a * 3, a[::-1] * 2)

    def test_writes_into_views_of_values(self):
        def value_write(x, y):
            z = x + 1
            r = z[0]
            r += y
            w = z[::-1]
            w *= 2
            return z, z.sum(0)

        def value_base(x):
            z = x * 3
            r = z[1]
            z += 1
            z[2][...] = 0
            return r * 1, z

        def reduced(x):
            s = x.sum(0)
            s += 1
            w = s[::-1]
            w += s                                    # (s copied first: CuPy's copy)
            return s

        x = np.arange(12, dtype=np.int16).reshape(3, 4)
        self.run_both(value_write, x, np.arange(4, dtype=np.int16))
        self.run_both(value_base, x.astype(np.int64))
        self.run_both(reduced, x.astype(np.int64))

    def test_item_updates_and_out(self):
        def items(x, y):
            x[:] *= 2
            x[...] += y
            x[1][...] -= 1
            return x

        def red_out(x, o):
            np.sum(x, axis=0, out=o[0])
            np.max(x, axis=1, out=x[:, 0])
            return x * 1

        def premap(x, y):                             # CuPy's old fusion drops these
            x += 2                                    # updates (its test_premap_inplace
            y += x                                    # waits on it); pykc writes them
            return np.sum(y, 1)

        x = np.linspace(-3, 3, 12).reshape(3, 4)
        self.run_both(items, x.astype(np.float32), np.arange(4, dtype=np.float32))
        self.run_both(red_out, x, np.zeros((2, 4)))
        self.run_both(premap, np.arange(12).reshape(3, 4), np.ones((3, 4), np.int64))

        def aug_int(x):
            x[0] += 1

        with self.assertRaisesRegex(pykc.CompileError, r"The fusion supports `\[\.\.\.\]` "
                                    r"or `\[:\]`\."):
            pykc.fuse()(aug_int)(np.zeros((2, 3)))


class Reductions(unittest.TestCase):
    """pykc.ReductionKernel with CuPy's constructor and call, NumPy as the reference."""

    def test_reduction_call(self):
        l2 = pykc.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
        x = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
        np.testing.assert_allclose(l2(x, axis=1), np.sqrt((x * x).sum(1)), rtol=1e-15)
        np.testing.assert_allclose(l2(x), np.sqrt((x * x).sum()), rtol=1e-15)
        y = l2(x, axis=(0, -1), keepdims=True)
        self.assertEqual(y.shape, (1, 3, 1))
        np.testing.assert_allclose(y, np.sqrt((x * x).sum((0, 2), keepdims=True)), rtol=1e-15)
        out = np.zeros(4)                            # out=, written in place and returned
        self.assertIs(l2(x, axis=(0, 1), out=out), out)
        np.testing.assert_allclose(out, np.sqrt((x * x).sum((0, 1))), rtol=1e-15)
        xt = np.arange(60, dtype=np.float32).reshape(5, 12).T   # a transposed input
        np.testing.assert_allclose(l2(xt, axis=0), np.sqrt((xt * xt).sum(0)), rtol=1e-6)

    def test_mse_same_bits(self):
        mse = pykc.ReductionKernel("T a, T b", "T mse_out", "(a - b) * (a - b)", "a + b",
                                   "mse_out = a / _in_ind.size()", "0", "mse")
        rng = np.random.default_rng(7)
        a, b = rng.random(50000), rng.random(50000)
        first = mse(a, b)
        self.assertEqual(first.shape, ())
        self.assertAlmostEqual(float(first), float(np.mean((a - b) ** 2)), delta=1e-15)
        self.assertEqual(mse(a, b).tobytes(), first.tobytes())

    def test_reduce_type_and_identity(self):
        isum = pykc.ReductionKernel("T x", "int64 y", "x", "a + b", "y = a", "0", "isum",
                                    reduce_type="long long")
        x = np.full((3, 1000), 2**30, dtype=np.int32)
        np.testing.assert_array_equal(isum(x, axis=1), np.full(3, 1000 * 2**30))
        amax = pykc.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", "-1000", "amax")
        self.assertEqual(float(amax(np.zeros((0,)))), -1000.0)

    def test_errors(self):
        k = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", None, "nosum")
        with self.assertRaisesRegex(getattr(np, "exceptions", np).AxisError,
                                    "axis 2 is out of bounds for array of dimension 2"):
            k(np.zeros((2, 3)), axis=2)
        with self.assertRaisesRegex(ValueError, "duplicate value in 'axis'"):
            k(np.zeros((2, 3)), axis=(1, -1))
        with self.assertRaisesRegex(ValueError, "Out shape is mismatched"):
            k(np.zeros((2, 3)), np.zeros(3), axis=1)
        with self.assertRaisesRegex(ValueError, "zero-size array to reduction operation nosum"):
            k(np.zeros((0, 3)), axis=0)
        with self.assertRaisesRegex(ValueError, "cannot specify 'out' as both"):
            k(np.zeros(3), np.zeros(()), out=np.zeros(()))


if __name__ == "__main__":
    unittest.main(verbosity=1)
