"""The host process is never harmed (issue 18): the Python package on the CPU backend.

    python3 tests/python/test_harden.py        (after `make python`)

Failed specialisations fail every time; the reproductions of ../shared/repro2 that run in
the interpreter (copied here so that the tests stand alone).
"""
from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402


@jit.rawkernel()
def half_typed(done, x, y):
    i = jit.grid(1)
    done[i] = 1
    x[i] = y[i] * 2      # complex64 -> int32: a type error for that signature


def foreground():
    """In the child before it runs: SIGINT's default action, as a program started from a
    terminal has. A suite started in the background (`make test &`) has SIGINT ignored, which
    a child inherits; Python then installs no KeyboardInterrupt handler, and pykc, rightly,
    leaves an ignored SIGINT ignored, so the Ctrl-C tests would test nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_child(code, *args, timeout=60, env=None):
    """Runs CODE in a fresh interpreter (from a file: pykc reads the kernels' source);
    returns (exit status, output)."""
    d = tempfile.mkdtemp()
    path = os.path.join(d, "child.py")
    with open(path, "w") as f:
        f.write("import sys\nsys.path.insert(0, %r)\n" % os.path.join(ROOT, "python"))
        f.write(textwrap.dedent(code))
    e = dict(os.environ, **(env or {}))
    p = subprocess.run([sys.executable, path, *args], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout, env=e, preexec_fn=foreground)
    return p.returncode, p.stdout.decode(errors="replace")


class FailedSpecialisation(unittest.TestCase):
    def test_fails_every_time(self):          # repro2 py_failed_spec_reused.py (N5)
        done = np.zeros(4, np.int32)
        x = np.zeros(4, np.int32)
        y = np.arange(4).astype(np.complex64)
        before = half_typed._signatures()       # (other tests may have launched it)
        for _ in range(3):
            with self.assertRaisesRegex(pykc.CompileError, "cannot convert complex64 to int32"):
                half_typed((1,), (4,), (done, x, y))
        self.assertEqual(done.tolist(), [0, 0, 0, 0])
        self.assertEqual(half_typed._signatures(), before)   # the failure kept nothing
        yf = np.arange(4, dtype=np.int32)
        half_typed((1,), (4,), (done, x, yf))   # the kernel itself is fine for int32
        self.assertEqual(x.tolist(), [0, 2, 4, 6])
        sig = "(int32[::1], int32[::1], int32[::1])"
        self.assertEqual(sorted(half_typed._signatures()), sorted(set(before) | {sig}))


class Misc(unittest.TestCase):
    """repro2 py_misc_low.py (L5 a, c, d) and L3 through the package."""

    def test_lambda_kernel(self):
        with self.assertRaisesRegex(TypeError, "defined with def, not a lambda"):
            jit.rawkernel()(lambda x: None)
        f = lambda x: None  # noqa: E731
        with self.assertRaisesRegex(TypeError, "lambda"):
            jit.rawkernel()(f)((1,), (1,), (np.zeros(1),))

    def test_failed_compile_folders(self):
        rc, out = run_child("""
            import glob, os, tempfile
            tmp = tempfile.mkdtemp()
            os.environ["TMPDIR"] = tmp
            import numpy as np
            import pykc
            bad = pykc.ElementwiseKernel("T x", "T y", "y = x + not_declared", "bad")
            for _ in range(5):
                try:
                    bad(np.zeros(4, np.float32))
                    print("compiled?")
                except pykc.CompileError as e:
                    assert "not_declared" in str(e), str(e)
            print("folders", len(glob.glob(os.path.join(tmp, "pykc-cpu-*"))))
        """)
        self.assertEqual(rc, 0, out)
        self.assertRegex(out, r"folders [01]\b")

    def test_print_nul(self):
        rc, out = run_child("""
            import numpy as np
            from pykc import jit

            @jit.rawkernel()
            def p(n):
                print("before\\x00after", n)
                print("next line", n)

            p((1,), (1,), (np.int32(1),))
        """)
        self.assertEqual(rc, 0, out)
        self.assertEqual(out, "before\x00after 1\nnext line 1\n")

    def test_long_names(self):
        name = "k" + "a" * 600
        ek = pykc.ElementwiseKernel("T x", "T y", "y = x * 2", name)
        np.testing.assert_array_equal(ek(np.arange(3, dtype=np.float32)), [0, 2, 4])
        raw = pykc.RawKernel('extern "C" __global__ void %s(float *x) { x[threadIdx.x] = 7; }'
                             % name, name)
        x = np.zeros(4, np.float32)
        raw((1,), (4,), (x,))
        np.testing.assert_array_equal(x, [7, 7, 7, 7])


@jit.rawkernel()
def oob(x, off, v):
    i = jit.grid(1)
    x[i + off] = v


class HostArrays(unittest.TestCase):
    """repro2 py_numpy_oob_heap.py (N4): an out-of-bounds write on a NumPy array is a
    LaunchError (kernel, block, thread past the end) and corrupts nothing, on every launch
    path: jit, RawKernel, ElementwiseKernel (raw), in the interpreter and in a child that
    then allocates (glibc aborted there)."""

    def check(self, call, x, neighbours):
        with self.assertRaises(pykc.LaunchError) as cm:
            call()
        for n in neighbours:
            np.testing.assert_array_equal(n, np.arange(len(n), dtype=n.dtype))
        return str(cm.exception)

    def test_paths(self):
        for off in (16, 17, -1, -2, 1000000, -1000000):
            x = np.zeros(16, np.float64)
            before, after = np.arange(16.0), np.arange(16.0)
            msg = self.check(lambda: oob((1,), (1,), (x, np.int64(off), np.float64(5.0))), x,
                             [before, after])
            self.assertIn("'oob'", msg)
            if off > 0:
                self.assertIn("block (0,0,0), thread (0,0,0)", msg)
            if "SIGSEGV" in msg:                         # the hint in the package's words
                self.assertIn("jit.rawkernel(debug=True) or PYKC_DEBUG=1 checks array "
                              "indices", msg)
                self.assertNotIn("--debug", msg)
            self.assertEqual(x.tolist(), [0.0] * 16)
        raw = pykc.RawKernel('extern "C" __global__ void rawoob(double *x, long long off)'
                             ' { x[threadIdx.x + off] = 1; }', "rawoob")
        x = np.zeros(16, np.float64)
        msg = self.check(lambda: raw((1,), (1,), (x, np.int64(16))), x, [])
        self.assertIn("rawoob", msg)
        self.assertNotIn("checks array indices", msg)    # debug checks no C++ indexing
        ek = pykc.ElementwiseKernel("raw T x, int64 off", "T y", "y = x[i + off]", "ekoob")
        msg = self.check(lambda: ek(np.zeros(16), np.int64(1 << 20), np.zeros(4)), x, [])
        self.assertIn("block (0,0,0), thread (0,0,0)", msg)
        y = np.zeros(16)                                         # in place: one copy
        pykc.ElementwiseKernel("T x", "T y", "y = x * 2", "ekin")(y + 1, y)
        np.testing.assert_array_equal(y, np.full(16, 2.0))

    def test_process_goes_on(self):
        for off in (16, 17, -1, -2):
            rc, out = run_child("""
                import sys
                import numpy as np
                import pykc
                from pykc import jit

                @jit.rawkernel()
                def oob(x, off, v):
                    i = jit.grid(1)
                    x[i + off] = v

                x = np.zeros(16, np.float64)
                try:
                    oob((1,), (1,), (x, np.int64(int(sys.argv[1])), np.float64(12345.0)))
                    print("no exception")
                except pykc.LaunchError as e:
                    print("LaunchError")
                junk = [np.ones(1000) for _ in range(1000)]
                del junk
                print("survived")
            """, str(off))
            self.assertEqual(rc, 0, out)
            self.assertEqual(out.split(), ["LaunchError", "survived"], out)


class FreedDuringPack(unittest.TestCase):
    """repro2 py_array_freed_during_pack.py (L4): an argument freed (resized) by Python code
    that runs while the later arguments are packed is an error, and no memory that was
    never passed is written."""

    def test_resize_during_pack(self):
        n = 1000
        x = np.zeros(n, np.float64)
        victim = []

        class Evil:
            def __init__(self):
                self.y = np.zeros(n, np.float64)

            @property
            def __array_interface__(self):
                x.resize(1, refcheck=False)
                victim.append(np.zeros(n, np.float64))
                return self.y.__array_interface__

        @jit.rawkernel()
        def fill(a, b, v):
            i = jit.grid(1)
            if i < a.size:
                a[i] = v
                b[i] = v
        with self.assertRaisesRegex(ValueError, "resized or freed"):
            fill(((n + 127) // 128,), (128,), (x, Evil(), np.float64(7.0)))
        self.assertEqual(int((victim[0] == 7.0).sum()), 0)


class ReadOnly(unittest.TestCase):
    """repro2 py_misc_low.py (L5b): read-only arrays are pure inputs; a kernel that writes
    one fails (ValueError) and leaves its memory as it was."""

    def test_inputs(self):
        ek = pykc.ElementwiseKernel("T x", "T y", "y = x * 2", "ro_ek")
        np.testing.assert_array_equal(ek(np.broadcast_to(np.float32(1), (4,))), [2, 2, 2, 2])
        np.testing.assert_array_equal(ek(np.frombuffer(b"\x00\x00\x80\x3f" * 3, np.float32)),
                                      [2, 2, 2])
        ro = np.arange(4, dtype=np.float32)
        ro.flags.writeable = False
        out = np.zeros(4, np.float32)
        half_typed  # noqa: B018  (module kernels are fine with read-only inputs too)

        @jit.rawkernel()
        def copy2(x, y):
            i = jit.grid(1)
            y[i] = x[i] * 2
        copy2((1,), (4,), (ro, out))
        np.testing.assert_array_equal(out, [0, 2, 4, 6])
        with self.assertRaisesRegex(ValueError, "wrote to argument 'y', a read-only array"):
            copy2((1,), (4,), (out, ro))
        np.testing.assert_array_equal(ro, [0, 1, 2, 3])


class Interrupts(unittest.TestCase):
    def test_ctrl_c_during_first_compile(self):
        """Ctrl-C while the CPU backend compiles: KeyboardInterrupt, and the interpreter goes
        on (the library used to raise SIGINT again with its default action: exit 130)."""
        d = tempfile.mkdtemp()
        cc = os.path.join(d, "slowcc.sh")
        with open(cc, "w") as f:
            f.write("#!/bin/sh\nsleep 5\nexec cc \"$@\"\n")
        os.chmod(cc, 0o755)
        code = """
            import os, signal, threading, time
            import numpy as np
            from pykc import jit

            @jit.rawkernel()
            def one(x):
                x[0] = 1.0

            threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
            t = time.time()
            try:
                one((1,), (1,), (np.zeros(1, np.float32),))
                print("ran")
            except KeyboardInterrupt:
                print("KeyboardInterrupt after %.1f s" % (time.time() - t))
            print("goes on")
        """
        rc, out = run_child(code, env={"CC": cc, "PYKC_CACHE": "0", "TMPDIR": d})
        self.assertEqual(rc, 0, out)
        self.assertIn("KeyboardInterrupt", out)
        self.assertIn("goes on", out)
        self.assertEqual([n for n in os.listdir(d) if n.startswith("pykc-cpu-")], [])


FOREVER = """
    import signal, sys, time
    import numpy as np
    from pykc import jit

    @jit.rawkernel()
    def forever(x):
        i = 0
        while True:
            i += 1

    forever((1,), (1,), (np.zeros(4, np.float32),)) if sys.argv[1] == "warm" else None
    if sys.argv[1] == "alarm":
        def on_alarm(s, f):
            raise TimeoutError("alarm")
        signal.signal(signal.SIGALRM, on_alarm)
        signal.alarm(1)
    print("launching", flush=True)
    t = time.time()
    try:
        forever((1,), (1,), (np.zeros(4, np.float32),))
    except BaseException as e:
        print("stopped by", type(e).__name__, "after %.1f s" % (time.time() - t), str(e)[:80])
"""


class Uninterruptible(unittest.TestCase):
    """repro2 py_uninterruptible.py (N3): a CPU launch stops on Ctrl-C (KeyboardInterrupt)
    and runs signal.alarm handlers within moments; PYKC_TIMEOUT stops it too."""

    def run_forever(self, mode, env=None, sigint_after=None):
        d = tempfile.mkdtemp()
        path = os.path.join(d, "forever.py")
        with open(path, "w") as f:
            f.write("import sys\nsys.path.insert(0, %r)\n" % os.path.join(ROOT, "python"))
            f.write(textwrap.dedent(FOREVER))
        p = subprocess.Popen([sys.executable, path, mode], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, env=dict(os.environ, **(env or {})),
                             preexec_fn=foreground)
        line = p.stdout.readline()                 # compiled: the launch starts
        self.assertIn(b"launching", line)
        if sigint_after:
            import signal
            import time
            time.sleep(sigint_after)
            p.send_signal(signal.SIGINT)
        try:
            out, _ = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            self.fail("still running")
        return out.decode()

    def test_sigint(self):
        self.assertIn("stopped by KeyboardInterrupt", self.run_forever("sigint", sigint_after=1))

    def test_alarm(self):
        self.assertIn("stopped by TimeoutError", self.run_forever("alarm"))

    def test_timeout_env(self):
        out = self.run_forever("plain", env={"PYKC_TIMEOUT": "1"})
        self.assertIn("stopped by LaunchError", out)
        self.assertIn("longer than", out)


GIL_CHILD = """
import threading, time
import numpy as np
from pykc import jit

@jit.rawkernel()
def spin(x, n):
    acc = x[0]
    for j in range(n):
        acc = acc * 0.999999 + 1.0
    x[0] = acc

count = 0
running = True

def counter():
    global count
    while running:
        count += 1

def progress(call):                 # the other thread's count while CALL runs, CALL's seconds
    c0, t0 = count, time.perf_counter()
    call()
    return count - c0, time.perf_counter() - t0

t = threading.Thread(target=counter, daemon=True)
t.start()
time.sleep(0.05)
free = progress(lambda: time.sleep(0.3))                   # its pace when the GIL is free
x = np.ones(1, dtype=np.float64)
compiled = progress(lambda: spin((1,), (1,), (x, np.int64(1000))))   # the first launch compiles
dt = progress(lambda: spin((1,), (1,), (x, np.int64(20_000_000))))[1]
n = np.int64(max(1, int(20_000_000 * 0.5 / max(dt, 1e-3))))           # about half a second
ran = progress(lambda: spin((1,), (1,), (x, n)))
running = False
print("free", *free)
print("compile", *compiled)
print("launch", *ran)
"""


class GilReleased(unittest.TestCase):
    """Issue 18 §3: another Python thread runs while a CPU launch runs its grid and while a
    kernel compiles (the extension calls libpykc without the GIL)."""

    def test_other_thread_runs(self):
        rc, out = run_child(GIL_CHILD, timeout=120, env={"PYKC_CACHE_DIR": tempfile.mkdtemp()})
        self.assertEqual(rc, 0, out)
        got = {}
        for line in out.splitlines():
            what, counted, seconds = line.split()
            got[what] = (int(counted), float(seconds))
        pace = got["free"][0] / got["free"][1]
        for what in ("compile", "launch"):
            counted, seconds = got[what]
            # it took a while (a cold compile of this kernel takes 0.08 s on a 2-core
            # machine: 0.02 s still spans many of the counter's steps), and the thread
            # kept counting
            self.assertGreater(seconds, 0.02, out)
            self.assertGreater(counted / seconds, 0.2 * pace, out)


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                               "usmblks", "fsmblks", "uordblks", "fordblks",
                                               "keepcost")]


def heap_bytes():
    """The C heap in use (glibc's mallinfo2): the unit's arena blocks are there, Python's
    small objects are not (pymalloc's own arenas)."""
    f = ctypes.CDLL(None).mallinfo2
    f.restype = _Mallinfo2
    m = f()
    return m.uordblks + m.hblkhd


class FormCallsMemory(unittest.TestCase):
    """repro2 py_forms_memory_growth.py (N6): calls of ElementwiseKernel, ReductionKernel and
    fuse do not grow memory (each call grew the unit's arena by 230-560 bytes)."""

    def test_flat(self):
        x = np.arange(64, dtype=np.float32)
        ek = pykc.ElementwiseKernel("T x, T s", "T y", "y = x * s", "mem_ek")
        rk = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "mem_rk")

        @pykc.fuse()
        def fz(a, b):
            return a * b + 1

        @pykc.fuse()
        def fsum(a):
            return np.sum(a * 2)

        bad = pykc.ElementwiseKernel("float32 x", "float32 y", "y = x", "mem_bad")
        xi = np.arange(64, dtype=np.int32)

        def bad_call():
            with self.assertRaises(TypeError):
                bad(xi)
        # (a reduction on the CPU backend takes milliseconds: fewer calls)
        for name, call, n in [("ElementwiseKernel", lambda: ek(x, np.float32(3)), 4000),
                              ("ReductionKernel", lambda: rk(x), 300),
                              ("fuse", lambda: fz(x, x), 4000), ("fuse reduction", lambda: fsum(x), 300),
                              ("failing call", bad_call, 4000)]:
            for _ in range(50):
                call()
            h0 = heap_bytes()
            for _ in range(n):
                call()
            grew = heap_bytes() - h0
            self.assertLess(grew, 32 * 1024, "%s: %d calls grew the heap by %d bytes" % (name, n, grew))


class KeptLaunch(unittest.TestCase):
    """The launch a form's call keeps (runtime/api/form.c's memo, the extension's kept
    plans) is taken only by a call like the one that made it: calls that change the data,
    the shape, the strides, the axis, keepdims or the outputs' presence give NumPy's
    results each time (CPU backend)."""

    def test_calls_in_turn(self):
        ek = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "kept_ek")
        rk = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "kept_rk")

        @pykc.fuse()
        def fz(a, b):
            return a * b + a

        rng = np.random.default_rng(5)
        arrays = [rng.standard_normal(s).astype(np.float32) for s in ((6, 4), (6, 4), (4, 6), (24,))]
        arrays.append(arrays[0][:, ::2])
        arrays.append(arrays[1][::-1])
        for _ in range(2):
            for a in arrays:
                b = a * 2 + 1
                np.testing.assert_allclose(ek(a, b), a * b + a, rtol=1e-6)
                out = np.empty_like(a)
                self.assertIs(ek(a, b, out), out)
                np.testing.assert_allclose(out, a * b + a, rtol=1e-6)
                np.testing.assert_allclose(fz(a, b), a * b + a, rtol=1e-6)
                np.testing.assert_allclose(rk(a), a.sum(), rtol=1e-5)
                for axis in range(a.ndim):
                    np.testing.assert_allclose(rk(a, axis=axis), a.sum(axis=axis), rtol=1e-5)
                    np.testing.assert_allclose(rk(a, axis=axis, keepdims=True),
                                               a.sum(axis=axis, keepdims=True), rtol=1e-5)
                    o = np.empty(a.sum(axis=axis).shape, np.float32)
                    self.assertIs(rk(a, o, axis=axis), o)
                    np.testing.assert_allclose(o, a.sum(axis=axis), rtol=1e-5)
                np.testing.assert_allclose(rk(np.zeros((0, 3), np.float32), axis=0), np.zeros(3))
                self.assertEqual(rk(np.zeros((3, 0), np.float32), axis=0).shape, (0,))


STAND_IN = """
import ctypes, gc, sys
sys.path.insert(0, %r)
import forms_host as fh
so = fh.fake_driver()
cp = fh.fake_cupy(sys.argv[1])
sys.modules["cupy"] = cp
fh.fake_stream_capi(so)
import pykc
launches = ctypes.c_ulonglong.in_dll(ctypes.CDLL(so), "fake_launches")
"""


class StandInDevice(unittest.TestCase):
    verbose = ()                          # ("-v",): the child prints each message
    """The forms' GPU path of the extension (python/form_args.c .. cupy_new.c: CuPy arrays
    read from their struct or through their attributes, outputs made as CuPy's, the kept
    plans, the launch) on bench/forms_host.py's stand-in CuPy arrays (laid out as CuPy's
    Cython class, "c", or a Python class, "python") and stand-in CUDA driver (no GPU: the
    kernels are not run, the driver counts the launches)."""

    def run_stand_in(self, layout, code, timeout=300):
        rc, out = run_child(STAND_IN % os.path.join(ROOT, "bench") + textwrap.dedent(code),
                            layout, *self.verbose, timeout=timeout)
        self.assertEqual(rc, 0, out)
        return out

    def test_forms_on_stand_ins(self):
        code = """
            x, y = cp.ndarray((5, 3), "float32"), cp.ndarray((5, 3), "float32")
            k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y", "si_mul")
            r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "si_sum")

            @pykc.fuse()
            def fu(a, b):
                return a + b

            outs = []
            for _ in range(3):
                z = k(x, y)
                outs.append(z.data.ptr)
                print(type(z).__name__, z.shape, z.dtype)
                print(k(x, y, z) is z)
                s = r(x, axis=1)
                print(s.shape, s.dtype)
                f = fu(x, cp.ndarray((3,), "float32"))
                print(f.shape, f.dtype)
            print(len(set(outs)), launches.value)
            try:
                k(x, cp.ndarray((5, 3), "float64"))
            except TypeError as e:
                print("TypeError:", str(e).split(".")[0])
            try:
                k(x, y, cp.ndarray((5, 4), "float32"))
            except ValueError as e:
                print("ValueError:", str(e)[:40])
            print("ways", *pykc._pykc._cupy_ways())
        """
        for layout, ways in (("c", "struct _init_fast"), ("python", "attributes __new__, _init")):
            out = self.run_stand_in(layout, code)
            self.assertEqual(out.split("\n")[:4], ["ndarray (5, 3) float32", "True",
                                                   "(5,) float32", "(5, 3) float32"], out)
            self.assertIn("3 12\n", out)
            self.assertIn("TypeError: kernel 'si_mul': Type is mismatched", out)
            self.assertIn("ValueError: kernel 'si_mul': operands could not", out)
            self.assertIn("ways " + ways, out)

    def test_gates(self):
        """A CuPy that a gate of pykc's fast ways refuses (another major version, no
        _ndarray_init exported, attributes that disagree with the struct) is read through
        its attributes and its outputs made by the next way: the calls work the same."""
        code = """
            k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y", "g_mul")
            r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "g_sum")
            x = cp.ndarray((24,), "float32")
            for _ in range(2):
                z, s = k(x, x), r(x)
                print(type(z).__name__, z.dtype, z.size, s.dtype, s.size, launches.value)
            print("ways", *pykc._pykc._cupy_ways())
        """
        for gate, ways in (("version", "attributes __new__, _init"), ("capi", "struct __new__, _init"),
                           ("lie", "attributes call")):
            out = self.run_stand_in("c:" + gate, code)
            self.assertIn("ways " + ways + "\n", out)
            # (a lying size: 1 more than the struct's; pykc believes the attributes)
            want = "26 float32 2" if gate == "lie" else "24 float32 1"
            self.assertIn("ndarray float32 %s 4\n" % want, out)

    def test_bad_calls(self):
        """Issue 21 §1's hardening: bad arguments to a form's call raise a clear exception
        (never a crash, never a launch), on both stand-ins."""
        code = """
            k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y", "h_mul")
            r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "h_sum")

            @pykc.fuse()
            def fu(a, b):
                return a + b

            x, y = cp.ndarray((6, 4), "float32"), cp.ndarray((6, 4), "float32")
            k(x, y), r(x), fu(x, y)                        # compiled and planned

            class Raises:
                @property
                def __cuda_array_interface__(self):
                    raise RuntimeError("interface broke")

            class Lies:
                def __init__(self, d):
                    self.d = d

                @property
                def __cuda_array_interface__(self):
                    return self.d

            class BadBool:
                def __bool__(self):
                    raise RuntimeError("no truth")

            def cai(**kw):
                d = {"data": (0x1000, False), "shape": (6, 4), "typestr": "<f4", "version": 3}
                d.update(kw)
                return Lies(d)

            big = cp.ndarray((1,) * 40, "float32")
            cases = [
                ("count", lambda: k(x)), ("count", lambda: k(x, y, x, y)),
                ("count", lambda: r()), ("count", lambda: fu(x)),
                ("type", lambda: k(x, "str")), ("type", lambda: k(x, object())),
                ("type", lambda: k(x, None)), ("type", lambda: k(x, [1, 2])),
                ("type", lambda: r(object())), ("type", lambda: fu(x, object())),
                ("dtype", lambda: k(x, cp.ndarray((6, 4), "float64"))),
                ("dtype", lambda: k(x, y, cp.ndarray((6, 4), "int32"))),
                ("dtype", lambda: k(x, cp.ndarray((6, 4), "V8"))),
                ("shape", lambda: k(x, cp.ndarray((5, 4), "float32"))),
                ("shape", lambda: k(x, y, cp.ndarray((4, 6), "float32"))),
                ("raises", lambda: k(x, Raises())), ("raises", lambda: fu(x, Raises())),
                ("lies", lambda: k(x, Lies(5))), ("lies", lambda: k(x, Lies({}))),
                ("lies", lambda: k(x, cai(shape="ab"))), ("lies", lambda: k(x, cai(typestr="<q9"))),
                ("lies", lambda: k(x, cai(shape=(1,) * 40))), ("lies", lambda: k(x, cai(data=None))),
                ("lies", lambda: k(x, cai(shape=(6, -4)))), ("lies", lambda: k(x, cai(strides=(4,)))),
                ("lies", lambda: k(x, cai(data=("x", False)))),
                ("ndim", lambda: k(big, big)), ("ndim", lambda: r(big)),
                ("keyword", lambda: k(x, y, junk=1)), ("keyword", lambda: k(x, y, block_size=0)),
                ("keyword", lambda: k(x, y, block_size="8")),
                ("keyword", lambda: k(x, y, block_size=1 << 40)),
                ("keyword", lambda: k(x, y, size="many")), ("keyword", lambda: k(x, y, size=-5)),
                ("keyword", lambda: k(x, y, stream="s")), ("keyword", lambda: r(x, axis="a")),
                ("keyword", lambda: r(x, axis=7)), ("keyword", lambda: r(x, axis=(0, 0))),
                ("keyword", lambda: r(x, axis=()) ), ("keyword", lambda: r(x, keepdims=BadBool())),
                ("keyword", lambda: r(x, out=x, axis=1)), ("keyword", lambda: r(x, junk=1)),
                ("keyword", lambda: fu(x, y, junk=1)),
            ]
            before = launches.value
            for what, call in cases:
                try:
                    call()
                    print("NO ERROR", what)
                except Exception as e:
                    msg = str(e)
                    if not msg or "Traceback" in msg:
                        print("UNCLEAR", what, type(e).__name__, repr(msg))
                    if len(sys.argv) > 2:
                        print(what, type(e).__name__, msg[:150])
            print("launches", launches.value - before)
            # strided, negative strides, 0-size: launched (or nothing to compute)
            if hasattr(x, "_view"):
                v = x._view((4, 6), (4, 16))
                n = x._view((6,), (-16,), 80)
                print("views", k(v, v).shape, k(n, n).shape, r(v, axis=0).shape)
            z = cp.ndarray((0, 4), "float32")
            print("empty", k(z, z).shape, r(z, axis=1).shape, fu(z, z).shape)
            k(x, y), r(x), fu(x, y)                        # still good after all that
            print("ok")
        """
        for layout in ("c", "python"):
            out = self.run_stand_in(layout, code)
            self.assertNotIn("NO ERROR", out)
            self.assertNotIn("UNCLEAR", out)
            self.assertIn("launches 0\n", out)
            if layout == "c":
                self.assertIn("views (4, 6) (6,) (6,)", out)
            self.assertIn("empty (0, 4) (0,) (0, 4)", out)
            self.assertIn("ok", out)

    def test_moved_mid_call(self):
        """A CuPy array given other memory while a later argument is packed (its
        __cuda_array_interface__ runs Python code): the call refuses to launch."""
        code = """
            k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y", "mv_mul")
            x = cp.ndarray((64,), "float32")
            k(x, x)

            class Renews:
                @property
                def __cuda_array_interface__(self):
                    x._init((64,), "float32")            # x's memory is new (the old freed)
                    return {"data": (0x1000, False), "shape": (64,), "typestr": "<f4",
                            "version": 3}

            before = launches.value
            try:
                k(x, Renews())
            except ValueError as e:
                print("ValueError:", e)
            print("launches", launches.value - before)
        """
        out = self.run_stand_in("c", code)
        self.assertIn("ValueError: argument 'x' was given other memory while the later "
                      "arguments were packed", out)
        self.assertIn("launches 0", out)

    def test_memory_flat(self):
        """1e4 calls of each form on the stand-in device: the process's RSS and the
        stand-in's live arrays stay flat (outputs made, packed and dropped)."""
        code = """
            def rss():
                with open("/proc/self/statm") as f:
                    return int(f.read().split()[1]) * 4096

            k = pykc.ElementwiseKernel("T x, T y", "T z", "z = x * y", "m_mul")
            r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "m_sum")

            @pykc.fuse()
            def fu(a, b):
                return a + b

            x, y = cp.ndarray((4096,), "float32"), cp.ndarray((4096,), "float32")
            x2 = cp.ndarray((64, 64), "float32")
            for name, call in [("ewk", lambda: k(x, y)), ("red", lambda: r(x2, axis=1)),
                               ("fuse", lambda: fu(x, y)), ("bad", lambda: k(x, 1j))]:
                for _ in range(2000):
                    try:
                        call()
                    except TypeError:
                        pass
                gc.collect()
                r0, a0 = rss(), cp.alive()
                for _ in range(10000):
                    try:
                        call()
                    except TypeError:
                        pass
                gc.collect()
                print(name, rss() - r0, cp.alive() - a0)
        """
        out = self.run_stand_in("c", code)
        for line in out.split("\n"):
            if line.split()[:1] and line.split()[0] in ("ewk", "red", "fuse", "bad"):
                name, grew, arrays = line.split()
                self.assertLess(int(grew), 256 * 1024, out)
                self.assertEqual(int(arrays), 0, out)


class BrokenInterfaces(unittest.TestCase):
    """An __array_interface__ whose pointer, shape or strides reach memory that is not
    mapped is a TypeError naming the argument, not a crash of the process in the CPU
    backend's guarded copy (was SIGSEGV in memcpy)."""

    class AI:
        def __init__(self, **ai):
            self.__array_interface__ = dict(version=3, typestr="<i4", **ai)

    def test_unmapped(self):
        x = np.zeros(4, np.int32)
        for ai in (dict(shape=(4,), data=(12345, False)),
                   dict(shape=(4,), data=(x.ctypes.data, False), strides=(1 << 40,)),
                   dict(shape=(4,), data=(x.ctypes.data, False), strides=(-(1 << 62),))):
            with self.assertRaisesRegex(TypeError, r"^kernel 'half_typed': argument 2's memory "
                                        r"\((\d+|more than 2\^63) bytes from 0x[0-9a-f]+\) is not "
                                        r"mapped in this process"):
                half_typed((1,), (4,), (x, self.AI(**ai), x))
        d, y = np.zeros(4, np.int32), np.arange(4, dtype=np.int32)
        half_typed((1,), (4,), (d, x, y))          # and the process goes on
        self.assertEqual((d.tolist(), x.tolist()), ([1] * 4, [0, 2, 4, 6]))

    def test_fields(self):
        """Each field of the interface of a wrong type or out of range: an error naming the
        argument and the field (a typestr '<f4x' was read as '<f4', '<' read past its end,
        5 said 'bad argument type for built-in operation', a pointer, extent or stride past
        64 bits 'int too big to convert')."""
        x = np.zeros(4, np.int32)
        p = x.ctypes.data
        for field, value, error, text in (
                ("typestr", "<i4x", TypeError, "arrays of dtype '<i4x' are not supported"),
                ("typestr", "<", TypeError, "arrays of dtype '<' are not supported"),
                ("typestr", "|", TypeError, "arrays of dtype '|' are not supported"),
                ("typestr", 5, TypeError, "typestr is an int, not a str"),
                ("shape", (4.5,), TypeError, "its shape holds a float, not an int"),
                ("data", ("0x10", False), TypeError, "data pointer is a str, not an int"),
                ("typestr", b"<i4", TypeError, "typestr is a bytes, not a str"),
                ("data", (-1, False), ValueError, "data pointer -1 is not an address"),
                ("data", (1 << 70, False), ValueError, "data pointer 1180591620717411303424 is"),
                ("shape", (1 << 70,), ValueError, "its shape holds 1180591620717411303424, past"),
                ("strides", (1 << 70,), ValueError, "its strides holds 1180591620717411303424")):
            ai = dict(shape=(4,), data=(p, False))
            ai[field] = value
            for iface in ("__array_interface__", "__cuda_array_interface__"):
                obj = type("A", (), {iface: dict(dict(version=3, typestr="<i4"), **ai)})()
                with self.subTest(field=field, value=value, iface=iface):
                    with self.assertRaisesRegex(error, "argument 'x': .*" + re.escape(text)):
                        half_typed((1,), (4,), (x, obj, x))
        self.assertEqual(x.tolist(), [0, 0, 0, 0])

    def test_form_name(self):
        """A form's messages from the launch name it by name= (was the variable of the
        program pykc builds, 'kernel_form')."""
        ew = pykc.ElementwiseKernel("T x", "T z", "z = x", "named_ew")
        ro = np.zeros(3, np.float32)
        ro.flags.writeable = False
        with self.assertRaisesRegex(ValueError, "^kernel 'named_ew' wrote to argument 'z'"):
            ew(np.ones(3, np.float32), ro)


class WrongArguments(unittest.TestCase):
    """Arguments of the wrong type or kind to the public callables are a TypeError (or
    pykc's CompileError) naming the argument, never an AttributeError or a syntax error
    from inside the package."""

    class Obj:
        pass

    def test_form_constructors(self):
        for bad in (self.Obj(), np.zeros(3), np.float32(1), float("nan"), bytearray(b"x")):
            for args in ((bad, "T y", "y = x"), ("T x", "T y", bad), ("T x", "T y", "y = x", bad)):
                with self.assertRaisesRegex(TypeError, r"ElementwiseKernel\(\): argument "
                                            r"'(in_params|operation|name)' has incorrect type "
                                            r"\(expected str, got "):
                    pykc.ElementwiseKernel(*args)
            with self.assertRaisesRegex(TypeError, r"ReductionKernel\(\): argument 'identity'"):
                pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", bad, "k")
            with self.assertRaisesRegex(TypeError, r"argument 'options' has incorrect type "
                                        r"\(expected tuple"):
                pykc.ElementwiseKernel("T x", "T y", "y = x", "k", options=(bad,))
        for bad in (5, [1], None):                 # literals: the compiler's CuPy check
            with self.assertRaisesRegex(pykc.CompileError, "argument 'in_params'"):
                pykc.ElementwiseKernel(bad, "T y", "y = x")

    def test_constructor_carets(self):
        """A form constructor's spec error quotes the user's line with a caret at the
        offending characters, wherever the argument's text is (a name: the caret under it,
        then the value's line with a caret; a literal on a later line, concatenated or
        with a keyword: under its characters), as `pykc check` does (was: the statement's
        line without a caret)."""
        def err(f):
            with self.assertRaises(pykc.CompileError) as cm:
                f()
            return str(cm.exception).split("\n")
        spec = "float32 x, floot32 z"
        line = sys._getframe().f_lineno + 1
        m = err(lambda: pykc.ElementwiseKernel(spec, "float32 y", "y = x", "k1"))
        col = m[1].index("spec")
        self.assertEqual(m[0], f"{__file__}:{line}:{col - 3}: error: data type 'floot32' not "
                         "understood")
        self.assertEqual(m[2], " " * col + "^~~~")
        self.assertEqual(m[3:5], ["    float32 x, floot32 z", " " * 15 + "^~~~~~~"])
        line = sys._getframe().f_lineno + 2
        m = err(lambda: pykc.ElementwiseKernel("float32 x, "
                                               "floot32 z", "float32 y", "y = x", "k2"))
        col = m[1].index("floot32")
        self.assertEqual(m[0], f"{__file__}:{line}:{col - 3}: error: data type 'floot32' not "
                         "understood")
        self.assertEqual(m[2], " " * col + "^~~~~~~")
        line = sys._getframe().f_lineno + 3
        m = err(lambda: pykc.ReductionKernel(
            "T x", "T y", "x", "a + b", "y = a", "0",
            name="bad name"))
        self.assertEqual(m[0], f"{__file__}:{line}:19: error: Invalid kernel name: \"bad name\"")
        self.assertEqual(m[2], " " * 22 + "^~~~~~~~")

    def test_compile_errors_at_the_code(self):
        """A C++ compiler's error in a RawKernel's literal code or a form's snippet names
        the user's file, the line of the code there and (g++) its column, quoting it with a
        caret (was '<RawKernel f>.cu:3:29', and a form's the call's line plus the snippet's
        line, then g++'s column in the program's line, unquoted)."""
        x = np.zeros(1, np.float32)
        line = sys._getframe().f_lineno + 3
        k = pykc.RawKernel(r'''
extern "C" __global__ void f(float *x) {
    x[threadIdx.x] = 1.0f + undefined_thing;
}''', "f")
        with self.assertRaises(pykc.CompileError) as cm:
            k((1,), (1,), (x,))
        m = str(cm.exception).split("\n")
        self.assertEqual(m[1], f"{__file__}:{line}:29: error: \u2018undefined_thing\u2019 was "
                         "not declared in this scope")
        self.assertEqual(m[2:], ["        x[threadIdx.x] = 1.0f + undefined_thing;",
                                 " " * 32 + "^"])
        line = sys._getframe().f_lineno + 6
        ew = pykc.ElementwiseKernel(
            "float32 x",
            "float32 y",
            """
            y = x;
            y += undefined_too;
            """, "snippet_line")
        with self.assertRaises(pykc.CompileError) as cm:
            ew(x)
        self.assertEqual(str(cm.exception).split("\n")[1:], [
            f"{__file__}:{line}:18: error: \u2018undefined_too\u2019 was not declared in this "
            "scope", "    " + "            y += undefined_too;", " " * 21 + "^"])
        # a one-line snippet: the column in the user's line (was g++'s in the program's)
        line = sys._getframe().f_lineno + 1
        ew = pykc.ElementwiseKernel("float32 x", "float32 y", "y = x + not_there", "one_line")
        with self.assertRaises(pykc.CompileError) as cm:
            ew(x)
        self.assertEqual(str(cm.exception).split("\n")[1:], [
            f"{__file__}:{line}:72: error: \u2018not_there\u2019 was not declared in this "
            "scope", "    " + '        ew = pykc.ElementwiseKernel("float32 x", "float32 y", "y = x '
            '+ not_there", "one_line")', " " * 75 + "^"])

    def test_stream_and_grid(self):
        """A stream of the wrong kind is a TypeError on the CPU backend too (was ignored),
        and an extent past 2^31 - 1 says the limit (was an OverflowError from int
        conversion, or 'must be positive' for a positive one)."""
        x = np.zeros(4, np.int32)
        ew = pykc.ElementwiseKernel("T x", "T z", "z = x", "stream_ew")
        for bad in ("s", 1.5, object()):
            with self.assertRaisesRegex(TypeError, "^stream must be a CuPy or PyTorch stream or "
                                        "an int handle, got "):
                half_typed((1,), (4,), (x, x, x), stream=bad)
            with self.assertRaisesRegex(TypeError, "^stream must be a CuPy or PyTorch stream"):
                ew(x, stream=bad)
        half_typed((1,), (4,), (x, x, x), stream=None)
        ew(x, stream=0)
        for g in (2**63, (1, 2**31), np.int64(2**40)):
            with self.assertRaisesRegex(ValueError, r"^grid must be positive and at most "
                                        r"2147483647 \(2\^31 - 1\), got "):
                half_typed(g, (4,), (x, x, x))

    def test_unresolved_placeholder(self):
        k = pykc.ElementwiseKernel("X x", "Z z", "z = x", "unresolved")
        with self.assertRaises(TypeError) as cm:
            k(np.zeros(3, np.float32))
        msg = str(cm.exception)
        self.assertEqual(msg.count("'unresolved'"), 1, msg)
        self.assertIn("pass the output 'z'", msg)

    def test_raw_module(self):
        m = pykc.RawModule(code='extern "C" __global__ void f(float *x) { x[0] = 1; }')
        for bad in (None, ["f"], 5, b"f"):
            with self.assertRaisesRegex(TypeError, "get_function: name must be str"):
                m.get_function(bad)
        with self.assertRaisesRegex(TypeError, "name_expressions must be a str or a sequence "
                                    "of str, not int"):
            pykc.RawModule(code="", name_expressions=5)

    def test_shared_mem(self):
        """Out of 0 .. 2^32 - 1 bytes: a ValueError naming the kernel, on both launch forms
        (k[grid, block, stream, 2**32] was truncated to 0 bytes; -1 an OverflowError)."""
        x = np.zeros(4, np.int32)
        for v in (-1, 1 << 32, 1 << 70, np.int64(-5)):
            for launch in (lambda: half_typed((1,), (1,), (x, x, x), shared_mem=v),
                           lambda: half_typed[1, 1, None, v](x, x, x)):
                with self.assertRaisesRegex(ValueError, r"kernel 'half_typed': shared_mem must "
                                            r"be 0 to 4294967295 bytes, got"):
                    launch()

    def test_load(self):
        d = tempfile.mkdtemp()
        bad = os.path.join(d, "latin1.py")
        with open(bad, "wb") as f:
            f.write(b"from cupyx import jit\n\n@jit.rawkernel()\ndef k(x):\n    # caf\xe9\n"
                    b"    x[0] = 1\n")
        with self.assertRaisesRegex(pykc.CompileError, r"latin1.py:5:10: error: Non-UTF-8 "
                                    r"code starting with '\\xe9'"):
            pykc.load(bad)
        m = pykc.load(os.path.join(ROOT, "examples", "saxpy.py"))
        for get in (lambda: m.get_function("saxpi"), lambda: m.saxpi):
            with self.assertRaisesRegex(AttributeError, "no kernel 'saxpi' in"):
                get()
        with self.assertRaisesRegex(TypeError, "get_function: name must be str, got int"):
            m.get_function(5)

    def test_load_reads_as_pykc_reads(self):
        """pykc.load and RawModule(path=) read files as the compiler does (a regular file of
        at most 256 MiB): /dev/zero filled memory until the kernel killed the process, a
        FIFO without a writer blocked for ever. Missing files and folders keep open()'s
        errors (RawModule(path=) of a missing file fails at its first use, as CuPy's)."""
        d = tempfile.mkdtemp()
        fifo, huge = os.path.join(d, "k.py"), os.path.join(d, "huge.cubin")
        os.mkfifo(fifo)
        with open(huge, "wb") as f:
            f.truncate(300 << 20)                       # sparse: no disk used
        for read in (pykc.load, lambda p: pykc.RawModule(path=p)):
            for path, why in (("/dev/zero", "not a regular file"), (fifo, "not a regular file"),
                              (huge, "larger than the 256 MiB that pykc reads")):
                with self.assertRaisesRegex(OSError, f"^cannot read '{path}': {why}$"):
                    read(path)
            with self.assertRaises(IsADirectoryError):
                read(d)
        with self.assertRaises(FileNotFoundError):
            pykc.load(os.path.join(d, "missing.py"))
        self.assertIsNotNone(pykc.load(os.path.join(ROOT, "tests", "e2e", "cu_block_reduce.cu")))

    def test_compile_binary(self):
        for f, arch in ((pykc.compile_ptx, 90), (pykc.compile_cubin, None)):
            with self.assertRaisesRegex(TypeError, "arch is a str"):
                f(half_typed, "(int32[:], int32[:], int32[:])", arch=arch)
        with self.assertRaises(TypeError) as cm:
            pykc.compile_ptx(half_typed, "(int32[:])")
        msg = str(cm.exception)
        self.assertTrue(msg.startswith("signature 'half_typed(int32[:])': kernel 'half_typed' "
                                       "takes 3 parameters"), msg)
        with self.assertRaisesRegex(TypeError, r"^bad signature .*unknown dtype 'bogus'$"):
            pykc.compile_ptx(half_typed, "(bogus, int32[:], int32[:])")


class BadArguments(unittest.TestCase):
    """A table of the wrong arguments a CuPy user passes (wrong types, None, huge ints,
    negative sizes, objects whose __index__, __array_interface__ or
    __cuda_array_interface__ raise or lie, odd dtypes, files that are not files), on the
    jit kernels, RawKernel, RawModule, the forms, fuse and pykc.load: each is an exception
    with a message, in a child process that must finish (a crash or a hang fails it)."""

    def test_table(self):
        rc, out = run_child("""
            import os, sys
            os.environ["PYKC_CPU"] = "1"
            import numpy as np
            import pykc
            from pykc import jit

            @jit.rawkernel()
            def saxpy(a, x, y, out):
                i = jit.grid(1)
                if i < out.size:
                    out[i] = a * x[i] + y[i]

            class Raises:
                def __index__(self): raise RuntimeError("index")
                @property
                def __array_interface__(self): raise RuntimeError("array interface")

            class Lies:
                def __init__(self, **kw):
                    self.__array_interface__ = dict(
                        {"shape": (8,), "typestr": "<f4", "data": (8, False), "version": 3}, **kw)

            x, y, o = (np.arange(8, dtype=np.float32), np.ones(8, np.float32),
                       np.zeros(8, np.float32))
            a = np.float32(2)
            raw = pykc.RawKernel('extern "C" __global__ void k(float *x, int n) { }', "k")
            ew = pykc.ElementwiseKernel("raw float32 x", "float32 z", "z = x[i]", "bad_ew")
            rk = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "bad_rk")
            fu = pykc.fuse(lambda p, q: p + q)
            fifo = os.path.join(os.path.dirname(sys.argv[0]), "fifo.py")
            os.mkfifo(fifo)
            cases = [
                lambda: saxpy(None, (8,), (a, x, y, o)), lambda: saxpy((2 ** 64,), (8,), (a, x, y, o)),
                lambda: saxpy((-1,), (8,), (a, x, y, o)), lambda: saxpy((Raises(),), (8,), (a, x, y, o)),
                lambda: saxpy((1,), (0,), (a, x, y, o)), lambda: saxpy((1,), (8,), None),
                lambda: saxpy((1,), (8,), (a, x, y)), lambda: saxpy((1,), (8,), (2 ** 70, x, y, o)),
                lambda: saxpy((1,), (8,), (a, [1, 2], y, o)), lambda: saxpy((1,), (8,), (a, None, y, o)),
                lambda: saxpy((1,), (8,), (a, np.array(["s"]), y, o)),
                lambda: saxpy((1,), (8,), (a, x.astype(">f4"), y, o)),
                lambda: saxpy((1,), (8,), (a, np.zeros(8, "f4,i4"), y, o)),
                lambda: saxpy((1,), (8,), (a, Raises(), y, o)),
                lambda: saxpy((1,), (8,), (a, Lies(data=(0, False)), y, o)),
                lambda: saxpy((1,), (8,), (a, Lies(shape=(-8,)), y, o)),
                lambda: saxpy((1,), (8,), (a, Lies(strides=(2 ** 62,)), y, o)),
                lambda: saxpy((1,), (8,), (a, Lies(shape="x"), y, o)),
                lambda: saxpy((1,), (8,), (a, np.zeros((1,) * 10, np.float32), y, o)),
                lambda: saxpy((1,), (8,), (a, x, y, o), shared_mem=-1),
                lambda: saxpy((1,), (8,), (a, x, y, o), shard_mem=0),
                lambda: saxpy((1,), (8,), (a, x, y, o), stream="s"),
                lambda: saxpy[1](a, x, y, o), lambda: saxpy[Raises(), 8](a, x, y, o),
                lambda: raw((1,), (1,), (x, 2 ** 80)), lambda: raw((1,), (1,), (x, "s")),
                lambda: raw((1,), (1,), (Raises(), 1)),
                lambda: pykc.RawKernel(None, "k"), lambda: pykc.RawModule(code="x", path="y"),
                lambda: pykc.RawModule(code="", name_expressions=[5]),
                lambda: ew(x, size=2 ** 63), lambda: ew(x, size=-5), lambda: ew(x, size="3"),
                lambda: ew(x, sise=3), lambda: ew(Raises()), lambda: ew([1.0]),
                lambda: rk(x, axis=2 ** 70), lambda: rk(x, axis=(0, 0)), lambda: rk(x, axis="0"),
                lambda: rk(x, axis=Raises()), lambda: pykc.ElementwiseKernel(None, None, None, None),
                lambda: pykc.ElementwiseKernel("float32 x", "float32 z", "z = x\\0", "k")(x),
                lambda: fu(Raises(), x), lambda: fu("a", x),
                lambda: pykc.load(None), lambda: pykc.load("/dev/zero"), lambda: pykc.load(fifo),
                lambda: pykc.load("a\\0b.py"), lambda: pykc.RawModule(path="/dev/zero"),
                lambda: pykc.compile_ptx(saxpy, None), lambda: pykc.compile_ptx(saxpy, "(float32"),
            ]
            for n, call in enumerate(cases):
                try:
                    call()
                    print("NO ERROR", n)
                except Exception as e:
                    if not str(e).strip():
                        print("NO MESSAGE", n, type(e).__name__)
            saxpy((1,), (8,), (a, x, y, o))                  # still good after all that
            print("done", o.tolist() == (2 * x + y).tolist())
            """, timeout=300)
        self.assertEqual(rc, 0, out)
        self.assertNotIn("NO ERROR", out)
        self.assertNotIn("NO MESSAGE", out)
        self.assertIn("done True", out)


class CacheFolder(unittest.TestCase):
    def test_unusable_folder_is_named(self):
        """A cache folder pykc cannot use (another's, writable by others, under a file) is
        one RuntimeWarning saying why, as the CLI's warning (the package compiled
        privately without a word); the kernels still run."""
        d = tempfile.mkdtemp()
        shared = os.path.join(d, "shared")
        os.mkdir(shared)
        os.chmod(shared, 0o1777)
        afile = os.path.join(d, "f")
        open(afile, "w").close()
        for folder, why in ((shared, f"the cache folder {shared} is writable by others (mode "
                                     "1777): not using the cache, compiling privately (make it "
                                     "yours with mode 0700, or set PYKC_CACHE_DIR)"),
                            (afile + "/sub", f"the cache folder {afile}/sub cannot be used (Not "
                                             "a directory): name another in PYKC_CACHE_DIR: not "
                                             "using the cache, compiling privately")):
            rc, out = run_child("""
                import os
                os.environ["PYKC_CPU"] = "1"
                import numpy as np
                import pykc
                k = pykc.ElementwiseKernel("float32 x", "float32 z", "z = x * 2", "cache_w")
                print(k(np.ones(2, np.float32)), k(np.ones(2, np.float32)))
                """, env={"PYKC_CACHE_DIR": folder})
            self.assertEqual(rc, 0, out)
            self.assertEqual(out.count("RuntimeWarning: pykc: " + why), 1, out)
            self.assertIn("[2. 2.] [2. 2.]", out)
            self.assertEqual(os.listdir(shared), [])


class FormKeywords(unittest.TestCase):
    """axis= and size= of a form's call past any int64, or NumPy integers: numpy's AxisError
    and OverflowError saying which keyword (they were OverflowError "Python int too large
    to convert to C long" and "int too big to convert"); axis=np.int64(1) is an axis, as in
    CuPy (it was "TypeError: axis must be an int or a tuple of ints")."""

    def test_axis_and_size(self):
        AxisError = getattr(np, "exceptions", np).AxisError
        x = np.arange(8, dtype=np.float32).reshape(2, 4)
        r = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "kw_sum")
        k = pykc.ElementwiseKernel("raw float32 x", "float32 z", "z = x[i]", "kw_take")
        for axis in (2 ** 70, -2 ** 70, (0, 2 ** 64), 9, np.int64(-9)):
            with self.assertRaisesRegex(AxisError, r"^axis -?\d+ is out of bounds for any array "
                                        r"\(pykc's have at most 8 dimensions\)$"):
                r(x, axis=axis)
        with self.assertRaisesRegex(AxisError, "axis -5 is out of bounds for array of dimension 2"):
            r(x, axis=-5)
        self.assertEqual(r(x, axis=np.int64(1)).tolist(), [6, 22])
        self.assertEqual(r(x, axis=(np.int32(0),)).tolist(), [4, 6, 8, 10])
        for size in (2 ** 63, -2 ** 70):
            with self.assertRaisesRegex(OverflowError, f"^size={size} does not fit a 64-bit "
                                        "index$"):
                k(x, size=size)
        self.assertEqual(k(x, size=np.int64(3)).tolist(), [0, 1, 2])


class TextArguments(unittest.TestCase):
    """The strings that become C++ source or NVRTC options: a NUL character anywhere in
    them is an error naming the argument (they were cut at the NUL without a word, or
    'embedded null character'); a UTF-8 BOM opening the code is dropped, as nvcc drops
    it from a file (the CPU backend put it after its preamble: a g++ error); a form's
    launch messages name it by name= (block_size=4096 said 'kernel_form')."""

    CODE = 'extern "C" __global__ void k(float *x) { x[threadIdx.x] = 3; }'

    def test_nul_is_named(self):
        ew = pykc.ElementwiseKernel
        rk = pykc.ReductionKernel
        x = np.ones(4, np.float32)
        for what, make in (
                ("operation", lambda: ew("T x", "T y", "y = x;\0 y = 0", "nul_op")),
                ("in_params", lambda: ew("T x\0", "T y", "y = x", "nul_in")),
                ("name", lambda: ew("T x", "T y", "y = x", "nu\0l")),
                ("preamble", lambda: ew("T x", "T y", "y = x", "nul_pre", preamble="\0")),
                ("options", lambda: ew("T x", "T y", "y = x", "nul_opt", options=("-DA\0",))),
                ("map_expr", lambda: rk("T x", "T y", "x\0", "a + b", "y = a", "0", "nul_r"))):
            with self.subTest(what):
                with self.assertRaisesRegex(pykc.CompileError,
                                            f"argument '{what}' has a NUL character"):
                    make()(x)
        n = len(self.CODE) + 1
        for what, where, make in (
                ("RawKernel code", "line 2, column 1",
                 lambda: pykc.RawKernel(self.CODE + "\n\0", "k")),
                ("options", "line 1, column 4",
                 lambda: pykc.RawKernel(self.CODE, "k", options=("-DA\0B",))),
                ("RawModule code", f"line 2, column {n}",
                 lambda: pykc.RawModule(code="\n" + self.CODE + "\0")),
                ("name_expressions", "line 1, column 2",
                 lambda: pykc.RawModule(code=self.CODE, name_expressions=["k\0"]))):
            with self.subTest(what):
                with self.assertRaisesRegex(ValueError, f"^{what}: a NUL character at {where} "):
                    make()
        with self.assertRaisesRegex(TypeError, "RawModule: code must be str, got bytes"):
            pykc.RawModule(code=self.CODE.encode())

    def test_bom(self):
        x = np.zeros(4, np.float32)
        pykc.RawKernel("\ufeff" + self.CODE, "k")((1,), (4,), (x,))
        np.testing.assert_array_equal(x, [3, 3, 3, 3])
        d = tempfile.mkdtemp()
        path = os.path.join(d, "bom.cu")
        with open(path, "wb") as f:
            f.write(b"\xef\xbb\xbf" + self.CODE.replace("3;", "4;").encode())
        pykc.RawModule(path=path).get_function("k")((1,), (4,), (x,))
        np.testing.assert_array_equal(x, [4, 4, 4, 4])

    def test_form_named_in_launch_errors(self):
        k = pykc.ElementwiseKernel("T x", "T y", "y = x", "named_form")
        with self.assertRaisesRegex(ValueError, "kernel 'named_form': invalid launch: block"):
            k(np.ones(4, np.float32), block_size=4096)


if __name__ == "__main__":
    unittest.main(verbosity=1)
