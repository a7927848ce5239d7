"""make bench (issue 21 §1): host time per call of the kernel forms from Python, pykc's
against CuPy's own class, in one process, on the same CuPy arrays (GPU):

  ElementwiseKernel, outputs given        pykc.ElementwiseKernel  vs cupy.ElementwiseKernel
  ElementwiseKernel, outputs allocated    (the same kernels, the output left out)
  ReductionKernel, all axes               pykc.ReductionKernel    vs cupy.ReductionKernel
  ReductionKernel, axis=1                 (a 2-d array's rows)
  fuse                                    pykc.fuse               vs cupy.fuse

Each call is timed on the host in batches of BATCH calls with the device waited for
between batches (untimed), so that a full launch queue never blocks a call and the
figure is the caller's, not the kernel's (small arrays: the kernels take a few µs); the
rows take turns batch by batch, so that drift in the machine's speed falls on all alike.
Median (and min) of the batches, µs, and pykc / CuPy against the issue's goal.

    python3 bench/forms_host.py          (after `make python PYTHON=python3`)

Without CuPy or a GPU (BENCH_FAKE=1, or when CuPy is missing) it times pykc's own part of a
call on the CPU: the whole call (the form's __call__, the extension's packing, planning,
output allocation and launch) on stand-in CuPy arrays (cupy.ndarray over a C base laid out
as CuPy 11-14's Cython _ndarray_base, bench/fake_cupy.c, so that pykc reads and makes them
as it does CuPy's; BENCH_FAKE=python: a Python class with CuPy's attributes), through a
stand-in CUDA driver and NVRTC (bench/fake_cuda.c, built into build/fake_cuda.so:
cuLaunchKernel returns at once), so that the figures show what pykc adds around
cuLaunchKernel.
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

BATCH = 128
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "60"))
GOALS = {"ElementwiseKernel, outputs given": 0.8, "ElementwiseKernel, outputs allocated": 0.8,
         "ReductionKernel, all axes": 0.6, "ReductionKernel, axis=1": 0.6, "fuse": 0.7}

EW = ("T x, T y", "T z", "z = x * y + x", "bench_ew")
RED = ("T x", "T y", "x", "a + b", "y = a", "0", "bench_red")


def fused(x, y):
    return x * y + x


def rows(lib, x, y, z, x2):
    """(row, callable) of one library's forms (pykc's or CuPy's) on the same arrays."""
    ew = lib.ElementwiseKernel(*EW)
    red = lib.ReductionKernel(*RED)
    fu = lib.fuse()(fused)
    return [("ElementwiseKernel, outputs given", lambda: ew(x, y, z)),
            ("ElementwiseKernel, outputs allocated", lambda: ew(x, y)),
            ("ReductionKernel, all axes", lambda: red(x)),
            ("ReductionKernel, axis=1", lambda: red(x2, axis=1)),
            ("fuse", lambda: fu(x, y))]


def timed(calls, sync):
    """Median and min µs per call of each (name, who, fn), batches taking turns."""
    samples = {(n, w): [] for n, w, _ in calls}
    for _, _, fn in calls:                               # compiled and warm
        for _ in range(3):
            fn()
    sync()
    for _ in range(ROUNDS):
        for name, who, fn in calls:
            sync()
            t0 = time.perf_counter()
            for _ in range(BATCH):
                fn()
            samples[(name, who)].append((time.perf_counter() - t0) / BATCH * 1e6)
    sync()
    res = {}
    for key, v in samples.items():
        v.sort()
        res[key] = (v[len(v) // 2], v[0])
    return res


def gpu():
    import cupy as cp
    import pykc
    n = 4096
    x = cp.arange(n, dtype=cp.float32)
    y = cp.ones(n, dtype=cp.float32)
    z = cp.empty(n, dtype=cp.float32)
    x2 = cp.ones((64, 64), dtype=cp.float32)
    calls = []
    for who, lib in (("pykc", pykc), ("CuPy", cp)):
        for name, fn in rows(lib, x, y, z, x2):
            calls.append((name, who, fn))
    for (name, _, p), (_, _, c) in zip(calls[:5], calls[5:]):   # pykc's results are CuPy's
        got = p().copy()
        want = c()
        if not cp.allclose(got, want, rtol=1e-5):
            sys.exit(f"forms_host: {name}: pykc and CuPy disagree")
    res = timed(calls, cp.cuda.Device().synchronize)
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print(f"host time per call of the kernel forms from Python (issue 21), {dev}, CuPy "
          f"{cp.__version__}: {ROUNDS} batches of {BATCH} calls taking turns, the device "
          f"waited for between batches; median (min) µs")
    for name, goal in GOALS.items():
        (pm, pmin), (cm, cmin) = res[(name, "pykc")], res[(name, "CuPy")]
        ok = "met" if pm / cm <= goal else "NOT met"
        print(f"  {name:<38} pykc {pm:6.2f} ({pmin:5.2f})  CuPy {cm:6.2f} ({cmin:5.2f})  "
              f"pykc/CuPy {pm / cm:5.2f}  goal <= {goal:.1f}: {ok}")
    anchors = [("cupy.empty(n, float32)", lambda: cp.empty(n, dtype=cp.float32)),
               ("cupy.ndarray((n,), float32)", lambda: cp.ndarray((n,), cp.float32)),
               ("cupy.cuda.memory.alloc(4 n)", lambda: cp.cuda.memory.alloc(4 * n))]
    res = timed([(name, "CuPy", fn) for name, fn in anchors], cp.cuda.Device().synchronize)
    read, new = pykc._pykc._cupy_ways()
    print(f"  what an output costs CuPy (made and dropped; pykc reads CuPy's arrays by {read}, "
          f"makes its outputs by {new}), median (min) µs:")
    for name, _ in anchors:
        m, mn = res[(name, "CuPy")]
        print(f"  {name:<38} {m:6.2f} ({mn:5.2f})")


# ---------------------------------------------------------------- no GPU: stand-ins

# the Python stand-in's base (then FAKE_CORE's ndarray over it)
FAKE_CUPY = """
import numpy as np

_dtypes = {}


class MemoryPointer:
    __slots__ = ("ptr", "device_id")

    def __init__(self, ptr):
        self.ptr, self.device_id = ptr, 0


class _ndarray_base:
    __slots__ = ("dtype", "shape", "ndim", "size", "strides", "_c_contiguous", "data")
    heap = [0x7000_0000_0000]

    def __new__(cls, *args, **kwargs):               # Cython's tp_new: no arguments read
        return object.__new__(cls)

    def _init(self, shape, dtype=np.float32):
        dt = _dtypes.get(dtype) or _dtypes.setdefault(dtype, np.dtype(dtype))
        self.dtype = dt
        self.shape = shape = tuple(shape) if isinstance(shape, tuple) else (shape,)
        self.ndim = len(shape)
        st, step = [], dt.itemsize
        for d in reversed(shape):
            st.append(step)
            step *= d
        self.size = step // dt.itemsize
        self.strides = tuple(reversed(st))
        self._c_contiguous = True
        self.heap[0] += step + 256
        self.data = MemoryPointer(self.heap[0])

    @property
    def __cuda_array_interface__(self):
        return {"data": (self.data.ptr, False), "shape": self.shape,
                "strides": self.strides, "typestr": self.dtype.str, "version": 3}
"""


FAKE_CORE = """
class ndarray(_ndarray_base):                        # as cupy/_core/core.pyx has it
    __module__ = "cupy"
    __slots__ = []

    def __new__(cls, *args, _obj=None, _no_init=False, **kwargs):
        x = super().__new__(cls, *args, **kwargs)
        if _no_init:
            return x
        x._init(*args, **kwargs)
        if cls is not ndarray:
            x.__array_finalize__(_obj)
        return x

    def __init__(self, *args, **kwargs):
        pass
"""


def fake_core_ext():
    """bench/fake_cupy.c built (build/fake_cupy_core<EXT>) and imported."""
    import importlib.util
    import sysconfig
    so = os.path.join(ROOT, "build", "fake_cupy_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    src = os.path.join(ROOT, "bench", "fake_cupy.c")
    if not os.path.exists(so) or os.path.getmtime(so) < os.path.getmtime(src):
        os.makedirs(os.path.dirname(so), exist_ok=True)
        inc = sysconfig.get_paths()["include"]
        if os.system(f"cc -std=c11 -O2 -shared -fPIC -I{inc} -o {so} {src}"):
            sys.exit("forms_host: cannot build " + so)
    spec = importlib.util.spec_from_file_location("fake_cupy_core", so)
    ext = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ext)
    return ext


def fake_cupy(layout=None):
    """A module `cupy` whose ndarray is read and made by pykc as CuPy's is. LAYOUT "c"
    (BENCH_FAKE's default): cupy._core.core.ndarray, a Python class (__new__ and __init__
    as core.pyx's) over bench/fake_cupy.c's _ndarray_base, laid out as CuPy 11-14's Cython
    class, with cupy.cuda.memory.MemoryPointer, the type's vtable and the module's
    __pyx_capi__; cupy.alive() counts the arrays with memory. "python": a Python class
    with the attributes pykc reads of CuPy's arrays (data.ptr, data.device_id, dtype,
    ndim, size, _c_contiguous, shape, strides), building __cuda_array_interface__ on each
    access, a subclass (__new__ and __init__ as CuPy's) of a base whose _init does the work.
    No memory behind either: the stand-in driver never touches it. "c:GATE" (tests): a
    CuPy that one of pykc's gates refuses, GATE "version" (CuPy 15), "capi" (no
    _ndarray_init exported), "lie" (size and shape attributes that disagree with the
    struct)."""
    import types
    layout = layout or ("python" if os.environ.get("BENCH_FAKE") == "python" else "c")
    layout, _, gate = layout.partition(":")
    mod = types.ModuleType("cupy")
    if layout == "python":
        exec(FAKE_CUPY, mod.__dict__)
        exec(FAKE_CORE, mod.__dict__)
        return mod
    ext = fake_core_ext()
    core = types.ModuleType("cupy._core.core")
    core._ndarray_base, core.__pyx_capi__ = ext._ndarray_base, ext.__pyx_capi__
    exec(FAKE_CORE, core.__dict__)
    if gate == "capi":
        core.__pyx_capi__ = {}
    if gate == "lie":
        base = ext._ndarray_base
        core.ndarray.size = property(lambda a: base.size.__get__(a) + 1)
        core.ndarray.shape = property(lambda a: base.shape.__get__(a) + (1,))
    mem = types.ModuleType("cupy.cuda.memory")
    mem.MemoryPointer = ext.MemoryPointer
    mod.ndarray, mod.alive = core.ndarray, ext.alive
    mod.__version__ = "15.0.0" if gate == "version" else "14.2.0"
    sys.modules.update({"cupy._core": types.ModuleType("cupy._core"), "cupy._core.core": core,
                        "cupy.cuda.memory": mem})
    return mod


def fake_stream_capi(so):
    """Modules cupy.cuda and cupy_backends.cuda.stream whose __pyx_capi__ exports CuPy's
    get_current_stream_ptr (build/fake_cuda.so's), as CuPy's Cython module does."""
    import ctypes
    import types
    fn = ctypes.cast(ctypes.CDLL(so).fake_current_stream_ptr, ctypes.c_void_p).value
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p,
                                                   ctypes.c_void_p]
    name = ctypes.c_char_p(b"intptr_t (void)")
    stream = types.ModuleType("cupy_backends.cuda.stream")
    stream.__pyx_capi__ = {"get_current_stream_ptr": new(fn, name, None)}
    stream._capsule_name = name                      # the capsule keeps a pointer to it
    sys.modules["cupy_backends.cuda.stream"] = stream
    sys.modules["cupy.cuda"] = types.ModuleType("cupy.cuda")


def fake_driver():
    """build/fake_cuda.so (bench/fake_cuda.c) as pykc's CUDA driver and NVRTC."""
    so = os.path.join(ROOT, "build", "fake_cuda.so")
    src = os.path.join(ROOT, "bench", "fake_cuda.c")
    if not os.path.exists(so) or os.path.getmtime(so) < os.path.getmtime(src):
        os.makedirs(os.path.dirname(so), exist_ok=True)
        if os.system(f"cc -std=c11 -O2 -shared -fPIC -o {so} {src}"):
            sys.exit("forms_host: cannot build build/fake_cuda.so")
    os.environ.update(PYKC_LIBCUDA=so, PYKC_NVRTC=so, PYKC_CACHE="0")
    os.environ.pop("PYKC_CPU", None)
    return so


def cpu():
    """pykc's whole call on stand-in CuPy arrays through the stand-in driver."""
    so = fake_driver()
    fake = fake_cupy()
    sys.modules["cupy"] = fake
    fake_stream_capi(so)
    import pykc
    n = 4096
    x, y, z = (fake.ndarray((n,), "float32") for _ in range(3))
    x2 = fake.ndarray((64, 64), "float32")
    calls = [(name, "pykc", fn) for name, fn in rows(pykc, x, y, z, x2)]
    calls.append(("(stand-in cupy.ndarray(shape, dtype))", "pykc",
                  lambda: fake.ndarray((n,), x.dtype)))
    res = timed(calls, lambda: None)
    read, new = pykc._pykc._cupy_ways()
    print("pykc's host time per call on stand-in CuPy arrays and a stand-in CUDA driver "
          f"(no GPU; {ROUNDS} batches of {BATCH} calls; arrays read by {read}, outputs made "
          f"by {new}), median (min) µs:")
    for name, _, _ in calls:
        m, mn = res[(name, "pykc")]
        print(f"  {name:<38} {m:7.2f} ({mn:6.2f})")


if __name__ == "__main__":
    try:
        import cupy  # noqa: F401
        have = not os.environ.get("BENCH_FAKE")
    except ImportError:
        have = False
    gpu() if have else cpu()
