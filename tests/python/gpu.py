"""The Python package on the GPU (`make test-gpu`; CuPy needed, PyTorch used when present):
the e2e corpus through the Python API with CuPy arrays (tests/python/e2e.py --gpu), then
streams, devices, interop, launch forms, errors and introspection.

    python3 tests/python/gpu.py           (after `make python PYTHON=python3`)

Prints PASS/FAIL lines and `N passed, M failed`; exit 1 on any failure.
"""
import os
import subprocess
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402

results = []


def check(name):
    def deco(fn):
        try:
            fn()
            results.append(True)
            print(f"PASS {name}")
        except Exception as e:  # reported, and the other checks go on
            results.append(False)
            print(f"FAIL {name}: {type(e).__name__}: {e}")
            traceback.print_exc()
        sys.stdout.flush()
        return fn
    return deco


@jit.rawkernel()
def saxpy(a, x, y, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@jit.rawkernel()
def add_one(x):
    i = jit.grid(1)
    if i < x.size:
        x[i] = x[i] + 1


@jit.rawkernel(debug=True)
def oob(x):
    x[jit.grid(1) + 100000000] = 1


@check("saxpy, every launch form")
def _():
    n = 10000
    x = cp.arange(n, dtype=cp.float32)
    y = cp.ones(n, dtype=cp.float32)
    want = 2 * x + y
    for launch in (lambda o: saxpy(((n + 255) // 256,), (256,), (cp.float32(2), x, y, o)),
                   lambda o: saxpy((n + 255) // 256, 256, (2.0, x, y, o)),
                   lambda o: saxpy[(n + 255) // 256, 256](2.0, x, y, o),
                   lambda o: saxpy[(n + 255) // 256, 256, cp.cuda.Stream.null, 0](2.0, x, y, o)):
        out = cp.zeros(n, dtype=cp.float32)
        launch(out)
        cp.testing.assert_array_equal(out, want)


@check("strided, 0-d and 2-d CuPy arrays")
def _():
    x = cp.zeros(40, dtype=cp.float32)[::4]
    add_one(1, 32, (x,))
    cp.testing.assert_array_equal(x, cp.ones(10, dtype=cp.float32))

    @jit.rawkernel()
    def set0d(a, v):
        a[()] = v
    z = cp.zeros((), dtype=cp.int64)
    set0d(1, 1, (z, 2 ** 40))
    assert int(z) == 2 ** 40


@check("CuPy arrays of a structured dtype for raw code's pointers (cucim's short2 views)")
def _():
    short2 = cp.dtype({"names": ["x", "y"], "formats": [cp.int16] * 2})
    k = pykc.RawKernel(r"""
    extern "C" __global__ void swap_add(const short2 *in, short2 *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) out[i] = make_short2(in[i].y + 1, in[i].x - 1);
    }""", "swap_add")
    raw = cp.arange(2 * 60, dtype=cp.int16).reshape(6, 10, 2)
    src = cp.squeeze(raw.view(short2))
    out = cp.zeros_like(src)
    k((2,), (32,), (src, out, cp.int32(src.size)))
    got = out.view(cp.int16).reshape(6, 10, 2)
    cp.testing.assert_array_equal(got[..., 0], raw[..., 1] + 1)
    cp.testing.assert_array_equal(got[..., 1], raw[..., 0] - 1)


@check("CuPy's current stream orders the launch with CuPy work")
def _():
    s = cp.cuda.Stream(non_blocking=True)
    x = cp.zeros(1 << 20, dtype=cp.float32)
    with s:
        for _ in range(5):
            add_one((1 << 20) // 256, 256, (x,))
        total = float(x.sum())                     # on s, after the launches
    assert total == 5 * (1 << 20), total


@check("stream= a CuPy stream, its handle, a PyTorch stream")
def _():
    s = cp.cuda.Stream(non_blocking=True)
    x = cp.zeros(1024, dtype=cp.float32)           # (filled on the current stream, which a
    cp.cuda.get_current_stream().synchronize()     # non-blocking stream does not wait for)
    add_one(4, 256, (x,), stream=s)
    add_one[4, 256, s.ptr](x)
    s.synchronize()
    cp.testing.assert_array_equal(x, cp.full(1024, 2, dtype=cp.float32))
    try:
        import torch
    except ImportError:
        print("  (PyTorch not installed: its checks skipped)")
        return
    t = torch.zeros(1024, device="cuda", dtype=torch.float32)
    torch.cuda.synchronize()
    ts = torch.cuda.Stream()
    add_one(4, 256, (t,), stream=ts)
    ts.synchronize()
    assert float(t.sum()) == 1024


@check("a launch from another Python thread")
def _():
    import threading
    x = cp.zeros(1024, dtype=cp.float32)
    cp.cuda.Device().synchronize()
    errors = []

    def work():
        try:
            add_one[4, 256, 0](x)                  # no CuPy call in this thread
            pykc.synchronize()
        except Exception as e:
            errors.append(e)
    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert not errors, errors
    cp.testing.assert_array_equal(x, cp.ones(1024, dtype=cp.float32))


@check("mixed host and device arrays: ValueError before launching")
def _():
    try:
        saxpy(1, 32, (1.0, np.zeros(4, np.float32), cp.zeros(4, cp.float32), cp.zeros(4, cp.float32)))
    except ValueError as e:
        assert "argument 'x'" in str(e), e
    else:
        raise AssertionError("no ValueError")


@check("NumPy arrays still run on the CPU backend next to the GPU")
def _():
    x = np.zeros(10, np.float32)
    add_one(1, 32, (x,))
    np.testing.assert_array_equal(x, np.ones(10, np.float32))


@check("a kernel fault (debug=True) raises with the kernel's name")
def _():
    try:
        oob(1, 1, (cp.zeros(4, cp.int32),))
        cp.cuda.Device().synchronize()
        pykc.synchronize()
    except pykc.LaunchError as e:
        assert "oob" in str(e), e
    else:
        raise AssertionError("no LaunchError")


FAULT = """
import sys
sys.path.insert(0, sys.argv[1])
import cupy as cp
import pykc
from pykc import jit

@jit.rawkernel()
def wild(x):
    x[jit.grid(1) + 2 ** 40] = 1

@jit.rawkernel()
def fine(x):
    x[0] = 1

x = cp.zeros(4, cp.int32)
wild(1, 1, (x,))
for what in ("sync", "launch"):
    try:
        pykc.synchronize() if what == "sync" else fine(1, 1, (x,))
        print(what, "no error")
    except pykc.LaunchError as e:
        print(what, e)
"""


@check("a kernel fault without debug: the next sync and launch raise naming the kernel")
def _():
    import tempfile
    with tempfile.TemporaryDirectory() as d:             # a file: pykc reads kernels' source
        script = os.path.join(d, "fault.py")
        with open(script, "w") as f:
            f.write(FAULT)
        r = subprocess.run([sys.executable, script, os.path.join(ROOT, "python")],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=120)
    lines = dict(ln.split(" ", 1) for ln in r.stdout.splitlines() if ln.startswith(("sync ", "launch ")))
    assert "kernel 'wild' failed" in lines.get("sync", ""), r.stdout
    assert "kernel 'wild' failed" in lines.get("launch", ""), r.stdout


@check("cached_codes: one CUDA C per launched signature")
def _():
    @jit.rawkernel()
    def bump(x):
        i = jit.grid(1)
        if i < x.size:
            x[i] = x[i] + 1
    bump(1, 8, (cp.zeros(8, cp.float32),))
    bump(1, 8, (cp.zeros(8, cp.int64)[::2],))
    codes = bump.cached_codes
    assert list(codes) == ["(float32[::1])", "(int64[:])"], list(codes)
    assert "Array_int64_1" in codes["(int64[:])"] and "int64" not in codes["(float32[::1])"]


@check("attributes, cached_code, compile_ptx for the device")
def _():
    a = saxpy.attributes("(float32, float32[:], float32[:], float32[:])")
    assert a["num_regs"] > 0 and a["max_threads_per_block"] >= 256, a
    assert "saxpy" in saxpy.cached_code
    assert ".entry saxpy" in pykc.compile_ptx(saxpy, "(float32, float32[:], float32[:], float32[:])")


_ATTR_CODE = r"""
extern "C" __global__ void big_smem(float *out) {
    extern __shared__ float buf[];
    __shared__ float fixed[64];
    unsigned t = threadIdx.x;
    if (t < 64)
        fixed[t] = t;
    buf[t] = t;
    __syncthreads();
    out[t] = buf[blockDim.x - 1 - t] + fixed[0];
}
"""


@check("RawKernel/RawModule functions: CuPy's attributes, the same values as cupy.RawKernel's")
def _():
    ours = [pykc.RawKernel(_ATTR_CODE, "big_smem"),
            pykc.RawModule(code=_ATTR_CODE).get_function("big_smem")]
    theirs = cp.RawKernel(_ATTR_CODE, "big_smem")
    want = theirs.attributes
    for k in ours:
        got = k.attributes
        assert list(got) == list(want), (list(got), list(want))
        for key in ("max_threads_per_block", "shared_size_bytes", "const_size_bytes",
                    "local_size_bytes", "cache_mode_ca", "max_dynamic_shared_size_bytes",
                    "preferred_shared_memory_carveout", "binary_version"):
            assert got[key] == want[key], (key, got[key], want[key])
            assert getattr(k, key) == want[key], (key, getattr(k, key), want[key])
        assert got["shared_size_bytes"] == 256 and got["num_regs"] > 0, got
        assert got["ptx_version"] > 0 and k.num_regs == got["num_regs"], got
        # the setters (cuFuncSetAttribute), then a launch that needs the larger limit
        k.max_dynamic_shared_size_bytes = 100 * 1024
        assert k.max_dynamic_shared_size_bytes == 100 * 1024
        k.preferred_shared_memory_carveout = 50
        assert k.preferred_shared_memory_carveout == 50
        out = cp.zeros(1024, cp.float32)
        k((1,), (1024,), (out,), shared_mem=100 * 1024)
        assert out[0].item() == 1023.0, out[:4]
    try:
        ours[0].num_regs = 3
        raise AssertionError("num_regs was set")
    except AttributeError:
        pass


_CONST_CODE = r"""
extern "C"{
__constant__ float some_array[100];

__global__ void multiply_by_const(float* x, int N) {
    int id = threadIdx.x + blockIdx.x * blockDim.x;

    if (id < N) {
        x[id] *= some_array[id];
    }
}
}
__device__ unsigned int calls;
extern "C" __global__ void count(int n) { if (threadIdx.x < n) atomicAdd(&calls, 1u); }
"""


@check("RawModule.get_global: CuPy's test_const_memory, a __device__ counter, CuPy's error")
def _():
    mod = pykc.RawModule(code=_CONST_CODE)
    ker = mod.get_function('multiply_by_const')
    mem_ptr = mod.get_global('some_array')
    assert isinstance(mem_ptr, cp.cuda.MemoryPointer), type(mem_ptr)
    const_arr = cp.ndarray((100,), cp.float32, mem_ptr)
    data = cp.arange(100, dtype=cp.float32)
    const_arr[...] = data
    output_arr = cp.ones(100, dtype=cp.float32)
    ker((1,), (100,), (output_arr, cp.int32(100)))
    assert (data == output_arr).all()
    calls = cp.ndarray((1,), cp.uint32, mod.get_global('calls'))
    calls[...] = 0
    mod.get_function('count')((1,), (32,), (7,))
    assert int(calls[0]) == 7, calls
    try:
        mod.get_global('nope')
        raise AssertionError("get_global('nope') returned")
    except AttributeError as e:
        assert "CUDA_ERROR_NOT_FOUND" in str(e), e


@check("RawModule.get_global on a module of variables alone (no kernel), as CuPy allows")
def _():
    code = "__constant__ float table[3] = {0.5f, 1.5f, 2.5f};\n__device__ int hits[4];\n"
    mod = pykc.RawModule(code=code)
    table = cp.ndarray((3,), cp.float32, mod.get_global('table'))
    assert table.tolist() == [0.5, 1.5, 2.5], table
    hits = cp.ndarray((4,), cp.int32, mod.get_global('hits'))
    hits[...] = cp.arange(4, dtype=cp.int32) * 3
    again = cp.ndarray((4,), cp.int32, mod.get_global('hits'))
    assert again.tolist() == [0, 3, 6, 9], again
    want = cp.RawModule(code=code)
    assert cp.ndarray((3,), cp.float32, want.get_global('table')).tolist() == table.tolist()


@check("jit kernel attributes(sig): CuPy's keys, the GPU's values")
def _():
    a = saxpy.attributes("(float32, float32[:], float32[:], float32[:])")
    assert list(a) == list(cp.RawKernel(_ATTR_CODE, "big_smem").attributes), list(a)
    assert a["num_regs"] > 0 and a["preferred_shared_memory_carveout"] >= -1, a


@check("pykc.load: a .cu file's kernels by name, a .py file's kernels")
def _():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        cu = os.path.join(d, "k.cu")
        with open(cu, "w") as f:
            f.write('extern "C" __global__ void fill(float *x, int n, float v) {\n'
                    '  int i = blockIdx.x * blockDim.x + threadIdx.x;\n'
                    '  if (i < n) x[i] = v;\n}\n')
        x = cp.zeros(100, dtype=cp.float32)
        pykc.load(cu).fill(1, 128, (x, 100, 3.5))
        cp.testing.assert_array_equal(x, cp.full(100, 3.5, dtype=cp.float32))
        py = os.path.join(d, "k.py")
        with open(py, "w") as f:
            f.write("from pykc import jit\n\n@jit.rawkernel()\ndef twice(x):\n"
                    "    i = jit.grid(1)\n    if i < x.size:\n        x[i] = x[i] * 2\n")
        pykc.load(py).twice[1, 128](x)
        cp.testing.assert_array_equal(x, cp.full(100, 7, dtype=cp.float32))


def cupyx_saxpy():
    """saxpy as cupyx.jit compiles it (CuPy's own results)."""
    from cupyx import jit as cjit

    @cjit.rawkernel()
    def ref(a, x, y, out):
        i = cjit.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]
    return ref


@check("results equal cupyx.jit's")
def _():
    ref = cupyx_saxpy()
    x = cp.random.standard_normal(5000, dtype=cp.float32)
    y = cp.random.standard_normal(5000, dtype=cp.float32)
    o1, o2 = cp.empty_like(x), cp.empty_like(x)
    ref((20,), (256,), (cp.float32(1.5), x, y, o1))
    saxpy((20,), (256,), (cp.float32(1.5), x, y, o2))
    cp.testing.assert_array_equal(o1, o2)


@check("ElementwiseKernel size= (every parameter raw) equals CuPy's")
def _():
    args = ("raw T x, raw int32 idx", "raw T y", "y[idx[i]] = x[i] * 2", "scatter2")
    x = cp.arange(1000, dtype=cp.float32)
    idx = cp.random.permutation(1000)[:700].astype(cp.int32)
    ys = []
    for cls in (cp.ElementwiseKernel, pykc.ElementwiseKernel):
        y = cp.zeros(1000, dtype=cp.float32)
        cls(*args)(x, idx, y, size=700)
        ys.append(y)
    cp.testing.assert_array_equal(ys[0], ys[1])
    fill = ("", "raw int64 y", "y[i] = i * i", "fill_sq")
    cp.testing.assert_array_equal(cp.ElementwiseKernel(*fill)(size=77),
                                  pykc.ElementwiseKernel(*fill)(size=77))


@check("examples/dask_kernels.py --gpu: CuPy chunks over every GPU equal one array (issue 20 §8)")
def _():
    try:
        import dask.array  # noqa: F401
    except ImportError:
        raise AssertionError("dask is not importable by this Python: carry its pure-Python "
                             "wheels (pip download dask toolz cloudpickle fsspec partd locket "
                             "pyyaml packaging --no-deps) and pip install them") from None
    ndev = cp.cuda.runtime.getDeviceCount()
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "dask_kernels.py"),
                        "--gpu", "4000000"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=600, env=env)
    print(r.stdout.strip())
    assert r.returncode == 0, r.stdout
    assert f"8 chunks over {ndev} device" in r.stdout, r.stdout
    assert "equal to one array: True" in r.stdout, r.stdout


@check("launch mistakes on CuPy arrays name the argument and the fix (issue 20 §4)")
def _():
    x = cp.zeros(8, cp.float32)
    raw = pykc.RawKernel('extern "C" __global__ void z(float *x) { x[threadIdx.x] = 1; }', "z")
    for call, text in ((lambda: raw((1,), (8,), x), "args must be a tuple of the kernel's "
                        "arguments, got cupy.ndarray"),
                       (lambda: raw((1.0,), (8,), (x,)), "1.0 is a float (grid counts blocks"),
                       (lambda: raw[1, (8,)](x) or raw[(1,), x](x), "got an array "
                        "(cupy.ndarray)"),
                       (lambda: raw((1,), (8,), (x,), x), "shared_mem (after grid, block and "
                        "args) must be an int number of bytes, got cupy.ndarray")):
        try:
            call()
        except TypeError as e:
            assert text in str(e), str(e)
        else:
            raise AssertionError(f"no TypeError ({text})")



# Published cupyx.jit programs CuPy 14.2 refuses (tests/python/test_jit_real.py,
# CupyxErrorClasses): each kernel's text compiled by cupyx.jit and by pykc, launched on CuPy
# arrays: both raise, and pykc's error is also of the class CuPy raises.
_REFUSED = {
    "store of int32 into uint8 (a PLINK reader)": ("""
@jit.rawkernel()
def k(d_buff, d_out, n):
    c = jit.threadIdx.x
    if c < n:
        b = d_buff[c // 4]
        b0 = b & 0x55
        d_out[c] = b0 & 3
""", lambda: (cp.zeros(1, cp.uint8), cp.zeros(4, cp.uint8), 4)),
    "-1 into a uint32 local (an Euler solver)": ("""
@jit.rawkernel()
def k(f, xperiodic):
    i = jit.blockIdx.x
    left = i
    if xperiodic and left == 0:
        left = -1
    f[0] = left
""", lambda: (cp.zeros(1), False)),
    "shared memory sized by a local (an LCS matcher)": ("""
@jit.rawkernel()
def k(x):
    MAX_LEN = 512
    prev_row = jit.shared_memory(dtype=cp.int32, size=MAX_LEN)
    prev_row[jit.threadIdx.x] = 1
    x[0] = prev_row[0]
""", lambda: (cp.zeros(1, cp.int32),)),
    "jit.threadDim (an image-transform program)": ("""
@jit.rawkernel()
def k(input, output):
    tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
    ntid = jit.blockDim.x * jit.gridDim.x
    max = jit.blockDim.x * jit.threadDim.x * jit.gridDim.x
    for i in range(tid, max, ntid):
        output[i] = input[i]
""", lambda: (cp.zeros(4), cp.zeros(4))),
    "a store to a row of a 2-d array": ("""
@jit.rawkernel()
def k(out, v):
    out[jit.threadIdx.x] = v
""", lambda: (cp.zeros((2, 3), cp.float32), cp.float32(1))),
}


@check("published cupyx.jit programs CuPy refuses: pykc refuses with CuPy's exception class")
def _():
    import tempfile
    from cupyx import jit as cjit
    for what, (src, args) in _REFUSED.items():
        classes = []
        for j in (cjit, jit):
            with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
                f.write("import cupy as cp\n" + src)     # pykc reads the kernel's source
            ns = {"jit": j, "cp": cp}
            exec(compile(open(f.name).read(), f.name, "exec"), ns)
            try:
                ns["k"]((1,), (1,), args())
                cp.cuda.runtime.deviceSynchronize()
                classes.append(None)
            except Exception as e:  # the class is what is compared
                classes.append(type(e))
            os.unlink(f.name)
        cupy_cls, pykc_cls = classes
        assert cupy_cls is not None, f"{what}: CuPy compiled it"
        assert pykc_cls is not None, f"{what}: pykc compiled it"
        assert issubclass(pykc_cls, cupy_cls), f"{what}: CuPy raised {cupy_cls.__name__}, " \
            f"pykc {[c.__name__ for c in pykc_cls.__mro__]}"


@check("map twins: distinct, in-place and aliased views give CuPy's results (issue 21 §5)")
def _():
    c_saxpy = cupyx_saxpy()
    n = 1 << 22                        # 16384 blocks of 256: libpykc runs saxpy__map
    h = n // 2
    a = np.float32(1.5)
    base = cp.random.default_rng(5).standard_normal(2 * n + 2, dtype=cp.float32)
    other = cp.random.default_rng(6).standard_normal(n, dtype=cp.float32)
    grid, block = ((n + 255) // 256,), (256,)
    cases = {                          # (x, y, out) of buffer b; the twin or as written
        "distinct (twin)": lambda b: (b[:n], other, b[n:2 * n]),
        "out is y, in place (twin)": lambda b: (other, b[:n], b[:n]),
        "out aliasing x shifted by n/2 (as written)": lambda b: (b[h:h + n], other, b[:n]),
        "interleaved views (as written)": lambda b: (b[1:2 * n:2], other, b[0:2 * n:2]),
    }
    for what, views in cases.items():
        got, want = base.copy(), base.copy()
        saxpy[grid, block](a, *views(got))
        c_saxpy[grid, block](a, *views(want))
        assert cp.allclose(got, want, rtol=1e-6, atol=1e-6), what
    spec = ("T x, T y", "T z", "z = x + 2 * y")
    p_ewk, c_ewk = pykc.ElementwiseKernel(*spec, "map_ewk"), cp.ElementwiseKernel(*spec, "map_ewk")
    for what, views in cases.items():
        got, want = base.copy(), base.copy()
        p_ewk(*views(got))
        c_ewk(*views(want))
        assert cp.allclose(got, want, rtol=1e-6, atol=1e-6), "ElementwiseKernel " + what


@check("structured and void dtypes in ElementwiseKernel: CuPy 14.2's StructView and "
       "UnstructuredVoid, results and errors as CuPy's own class gives them")
def _():
    kernels = [
        ("T in", "T out", "static_assert(T::field_count == 2, \"2 fields\"); "
         "out.at<1>() = -in.at<0>();", "sv_field"),
        ("T in", "int64 out", "using in_t = decltype(in); out = alignof(in_t);", "sv_align"),
        ("T in", "int64 out", "out = sizeof(T);", "sv_size"),
        ("T a, U b", "bool out", "out = a == b;", "sv_eq"),
        ("T a, U b", "bool out", "out = a != b;", "sv_ne"),
        ("T x", "U y", "y = U(x);", "sv_cast"),
        ("T x", "U y", "y = x;", "sv_assign"),
    ]
    nested_a = np.dtype([("a", "f8"), ("b", np.dtype("i8,f8"))])
    nested_b = np.dtype([("a", "f4"), ("b", np.dtype("f4,i4"))])
    cases = [   # (kernel, host inputs, host outputs given or None)
        ("sv_field", [np.array([(1, 0), (2, 0), (3, 0)], "i,i")], [np.array([(4, 9), (5, 9), (6, 9)], "i,i")]),
        ("sv_align", [np.zeros((), "V3")], None),
        ("sv_align", [np.zeros(2, cp.make_aligned_dtype("?,c8"))], None),
        ("sv_align", [np.zeros(2, cp.make_aligned_dtype(np.dtype([("a", "c8,?"), ("b", "?")])))], None),
        ("sv_size", [np.zeros(2, cp.make_aligned_dtype("f8,c16"))], None),
        ("sv_eq", [np.array([(1, 2)] * 3, "i8,f8"), np.array([(1, 2.), (1, 3), (3, 2)], "f8,i8")], None),
        ("sv_ne", [np.array([(1, 2)] * 3, "i8,f8"), np.array([(1, 2.), (1, 3), (3, 2)], "i8,f8")], None),
        ("sv_eq", [np.array([b"87654321", b"12345678"], "V8"), np.array([b"87654321", b"1234567_"], "V8")], None),
        ("sv_cast", [np.array([(1, (2, 3.5)), (3, (4, 5.5))], nested_a)], [np.zeros(2, nested_b)]),
        ("sv_assign", [np.arange(10).astype("int8")], [np.full(10, -1, "int64").view("V8")]),
        ("sv_assign", [np.arange(10).astype("complex128")], [np.full(10, -1, "int64").view("V8")]),
    ]
    made = {k[3]: (pykc.ElementwiseKernel(*k), cp.ElementwiseKernel(*k)) for k in kernels}
    for i, (name, ins, outs) in enumerate(cases):
        p_k, c_k = made[name]
        got_outs = [cp.asarray(o) for o in outs] if outs else []
        want_outs = [cp.asarray(o) for o in outs] if outs else []
        got = p_k(*[cp.asarray(x) for x in ins], *got_outs)
        want = c_k(*[cp.asarray(x) for x in ins], *want_outs)
        assert got.dtype == want.dtype, (i, name, got.dtype, want.dtype)
        assert got.tobytes() == want.tobytes(), (i, name, got.get(), want.get())
    for dt, text in (("f8,?", "Itemsize 9 is not a multiple"),
                     ("?,f8", "Field f1 with offset 1 is not "),
                     ("f8,c16", "Field f1 with offset 8 is not aligned to 16"),
                     ("?,(3,)c8", "Unsupported dtype")):
        for k in made["sv_size"]:
            try:
                k(cp.zeros(2, dt))
            except ValueError as e:
                assert text in str(e), (dt, str(e))
            else:
                raise AssertionError(f"no ValueError for {dt} ({type(k).__module__})")

_VIEW_SRC = r"""
extern "C" __global__ void rd(const float* x, long long off, float* out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = x[i + off];
}
extern "C" __global__ void wr(float* x, long long off, float v) {
  x[threadIdx.x + off] = v;
}
"""


@check("views read and write their parent: CuPy, pykc's GPU side and its CPU backend agree")
def _():
    """tests/python/test_view_base.py on the GPU: a kernel reads before a view's start or
    past its end inside the parent (qibo's v = m[1:], v[0, -1]); CuPy's RawKernel,
    ElementwiseKernel (raw) and cupyx.jit on CuPy views, pykc's classes on the same CuPy
    views (GPU) and on NumPy views (CPU backend: the view's allocation, pykc_arg.value.alloc,
    in its guarded copy) must give the same elements."""
    from cupyx import jit as cjit

    @cjit.rawkernel()
    def c_jit_rd(x, off, out):
        i = cjit.threadIdx.x
        if i < out.size:
            out[i] = x[i + off]

    @jit.rawkernel()
    def p_jit_rd(x, off, out):
        i = jit.threadIdx.x
        if i < out.size:
            out[i] = x[i + off]

    ewk = ("raw T x, int64 off", "T y", "y = x[i + off]", "view_ewk_rd")
    kernels = {"cupy": {"raw": cp.RawKernel(_VIEW_SRC, "rd"), "jit": c_jit_rd,
                        "ewk": cp.ElementwiseKernel(*ewk), "wr": cp.RawKernel(_VIEW_SRC, "wr")},
               "pykc": {"raw": pykc.RawKernel(_VIEW_SRC, "rd"), "jit": p_jit_rd,
                        "ewk": pykc.ElementwiseKernel(*ewk), "wr": pykc.RawKernel(_VIEW_SRC, "wr")}}

    def read(who, kind, v, off, n, xp):
        k = kernels[who][kind]
        out = xp.zeros(n, xp.float32)
        if kind == "raw":
            k((1,), (n,), (v, np.int64(off), out, np.int32(n)))
        elif kind == "jit":
            k((1,), (n,), (v, np.int64(off), out))
        else:
            k(v, np.int64(off), out)
        return cp.asnumpy(out) if xp is cp else out

    cases = [                                        # (view of m (6, 10), kinds, offset, n)
        (lambda m: m[1:], ("raw",), -10, 5),
        (lambda m: m[3:, 4:], ("raw",), -25, 5),
        (lambda m: m[1:].reshape(-1), ("raw", "jit", "ewk"), -3, 5),
        (lambda m: m[2, 5:8], ("raw", "jit", "ewk"), -20, 5),
        (lambda m: m[2:, 3], ("raw", "jit", "ewk"), -2, 5),
        (lambda m: m[:2], ("raw",), 30, 5),
        (lambda m: m[::2, ::3], ("raw",), 41, 5),
        (lambda m: m[1, 2:4], ("raw", "jit", "ewk"), 7, 5),
        (lambda m: m[:3, 1], ("raw", "jit", "ewk"), 2, 3),
    ]
    for c, (view, kinds, off, n) in enumerate(cases):
        for kind in kinds:
            m_h = np.arange(60, dtype=np.float32).reshape(6, 10)
            m_d = cp.asarray(m_h)
            want = read("cupy", kind, view(m_d), off, n, cp)
            gpu = read("pykc", kind, view(m_d), off, n, cp)
            cpu = read("pykc", kind, view(m_h), off, n, np)
            assert (want == gpu).all() and (want == cpu).all(), \
                f"case {c} {kind}: CuPy {want}, pykc GPU {gpu}, pykc CPU {cpu}"
    for view, off in ((lambda m: m[1:], -1), (lambda m: m[0, :2], 5)):
        res = []
        for who, xp in (("cupy", cp), ("pykc", cp), ("pykc", np)):
            m = xp.zeros((3, 4), xp.float32)
            kernels[who]["wr"]((1,), (1,), (view(m), np.int64(off), np.float32(7)))
            res.append(cp.asnumpy(m) if xp is cp else m)
        assert (res[0] == res[1]).all() and (res[0] == res[2]).all(), \
            f"write at {off}: CuPy {res[0]}, pykc GPU {res[1]}, pykc CPU {res[2]}"

@check("cupyx.scipy.special's j0, erf, gammaln, expit and a create_ufunc ufunc in pykc.fuse "
       "equal cupy.fuse's")
def _():
    import cupyx.scipy.special as sp

    def through(f):                                # the compiler reads it (a free name
        def body(v):                               # bound to the ufunc: its declaration)
            return f(v) * 2 + 1
        return body

    def traced(f):                                 # traced (sp.expit: an attribute of a
        def body(v):                               # module pykc does not read): declared
            return f(v) + sp.expit(v)              # in the trace's program (CuPy's new
        return body                                # fusion takes no lambda)

    cube = cp._core.create_ufunc(
        "pykc_gpu_cube", ("f->f", ("d->d", "out0 = cube(in0) - in0")), "out0 = cube(in0)",
        preamble="template <typename T> __device__ T cube(T x) { return x * x * x; }\n")
    x = cp.linspace(0.1, 6, 301)
    for dt in (cp.float32, cp.float64, cp.int64):
        v = (x * 10).astype(dt) if dt == cp.int64 else x.astype(dt)
        for name in ("j0", "erf", "gammaln", "expit", "cube"):
            f = cube if name == "cube" else getattr(sp, name)
            for body in (through(f), traced(f)):
                got, want = pykc.fuse()(body)(v), cp.fuse()(body)(v)
                assert got.dtype == want.dtype, (name, dt, got.dtype, want.dtype)
                cp.testing.assert_allclose(got, want, rtol=2e-6 if dt == cp.float32 else 1e-12,
                                           err_msg=f"{name} {dt}")


@check("CuPy's TestFusionSpecial form: getattr(scp.special, name)(x) in pykc.fuse equals "
       "cupy.fuse's")
def _():
    import cupyx.scipy as scp
    import cupyx.scipy.special  # noqa: F401
    for name in ("j0", "j1", "y0", "y1", "i0", "i1", "erf", "erfc", "erfcx", "erfinv",
                 "erfcinv", "gammaln", "expit", "logit", "log_expit"):
        def f(x, name=name):
            return getattr(scp.special, name)(x)

        def g(x):
            return f(x)
        for dt in (cp.float32, cp.float64):
            x = cp.linspace(0.05, 0.95, 101, dtype=dt)
            got, want = pykc.fuse()(g)(x), cp.fuse()(g)(x)
            assert got.dtype == want.dtype, (name, dt, got.dtype, want.dtype)
            cp.testing.assert_allclose(got, want, rtol=1e-5, err_msg=f"{name} {dt}")


def main():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "python", "e2e.py"), "--gpu"],
                       stdout=subprocess.PIPE, text=True)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    for line in r.stdout.splitlines():
        if line.startswith("FAIL"):
            print(line.replace("FAIL ", "FAIL e2e-gpu "))
    print(f"e2e corpus through the Python API on the GPU: {last}")
    npass, nfail = sum(results), len(results) - sum(results)
    try:
        p, q = last.split(" passed, ")
        npass += int(p)
        nfail += int(q.split()[0])
    except ValueError:
        nfail += 1
        print("FAIL e2e.py --gpu did not finish:", r.stdout[-2000:])
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
