"""make bench (on the GPU machine): pykc-generated kernels against hand-written CUDA
(nvcc -O3) and cupyx.jit, in one process, on the same data.

For each benchmark the three versions run on the same device arrays; outputs are checked
against each other, then each is timed with CUDA events (warm-up, then the median of
REPS launches, the three taking turns launch by launch, each round starting one further
along, each timed launch queued behind an untimed one so that the host's launch time is
not counted: see interleaved(); bench/contig21.py shows the old one-after-the-other
figures beside these). pykc's kernel is the cubin `pykc cubin` produced, loaded with
cupy.RawModule; its array parameters are passed as the ABI struct (data, size, shape,
strides) built as a numpy structured scalar. The reference is bench/ref/NAME.cu compiled
by nvcc -O3 -cubin; cupyx.jit runs the very same .py file.
Then examples/complex_magnitude.py over 1e8 complex128 against cp.abs(z) ** 2 and
bench/ref/complex_magnitude.cu, as bandwidth and a share of the device's copy bandwidth.
Then the ReductionKernels (issue 10): the course's MSE on 1e8 float64
(examples/mse_reduction.py) and the row and column sums of a 16384 x 4096 float32 array
(bench/sum_kernel.py), each as pykc compiles and plans it (the cubin of `pykc cubin`,
launched on the views and with the grid and block that libpykc's plan gives, read from
`pykc run -v`), as CuPy runs the same ReductionKernel object, as CuPy's own routine
(cp.mean((a - b)**2), cp.sum(x, axis)) and as a hand-written warp-shuffle kernel
(bench/ref/mse_shuffle.cu, row_sum.cu, col_sum.cu, nvcc -O3); pykc's result is checked
against CuPy's and for the same bits on a second run; rsum again over 1e8 complex64
(BENCH_ONLY=complex_sum runs it alone) against CuPy's ReductionKernel and cp.sum. And the
clipped ReLU
ElementwiseKernel (examples/clipped_relu_ewk.py) over 1e8 float64 as pykc runs it
(`pykc run --time`) and as CuPy does, against the copy bandwidth.
Issue 21: stencil2d and histogram again as the C-contiguous specialisation libpykc
launches on C-contiguous arrays (`--sig` with `[::1]` arrays: index math by shape; rows
marked [::1]); stencil2d's on the launch libpykc plans for it, read from `pykc run -v`: its
2-d map twin (docs/design.md 5.3), PYKC_MAP_ROWS rows per thread on rows of threads up to
128 wide, unless PYKC_MAP=0; and the cold compile of a new ReductionKernel, ElementwiseKernel and
cupyx.jit kernel against CuPy's first call (BENCH_ONLY=cold runs that alone; BENCH_ONLY=kernels
the first table alone).
Issue 22: a per-thread jit.thrust.sort of 4096 rows (examples/thrust_sort_rows.py) against
cupyx.jit and thrust::sort(thrust::seq) by nvcc (bench/ref/thrust_sort_rows.cu), and a
jit.cub and a jit.thrust kernel compiled cold and cached, pykc against cupyx.jit
(BENCH_ONLY=libs runs that alone).
Prints a table of median microseconds and ratios; writes bench/results.txt (or $OUT).
"""
import hashlib
import os
import re
import runpy
import subprocess
import sys
import tempfile
import time

import numpy as np
import cupy as cp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYKC = os.path.join(ROOT, "build", "pykc")
REPS = int(os.environ.get("BENCH_REPS", "50"))
ARCH = "sm_90"
TMP = tempfile.mkdtemp(prefix="pykc-bench-")


def sh(*cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"bench: {' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def abi(a):
    """The pykc array ABI: struct { T *data; int64 size; int64 shape[N]; int64 strides[N]; }"""
    nd = a.ndim
    dt = np.dtype([("data", "<u8"), ("size", "<i8"), ("shape", "<i8", (nd,)),
                   ("strides", "<i8", (nd,))], align=True)
    return np.array([(a.data.ptr, a.size, a.shape, a.strides)], dtype=dt)[0]


def pykc_kernel(example, name, sig=None, twin=False):
    """pykc's cubin of the example's kernel: its declared types, or SIG (`[::1]` arrays:
    the C-contiguous specialisation libpykc launches on C-contiguous arrays); TWIN: its
    map twin NAME__map (docs/design.md 5.3)."""
    tag = hashlib.sha1(f"{example}:{sig}".encode()).hexdigest()[:12]
    cubin = os.path.join(TMP, f"{name}-{tag}.cubin")
    sh(PYKC, "cubin", os.path.join(ROOT, "examples", example), "--kernel", name,
       "--arch", ARCH, "-o", cubin, *(["--sig", sig] if sig else []))
    return cp.RawModule(path=cubin).get_function(name + ("__map" if twin else ""))


def ref_kernel(name):
    cubin = os.path.join(TMP, name + ".ref.cubin")
    sh("nvcc", "-O3", "-cubin", "-arch=" + ARCH, "-o", cubin,
       os.path.join(ROOT, "bench", "ref", name + ".cu"))
    return cp.RawModule(path=cubin).get_function(name)


def jit_kernel(example, name):
    mod = runpy.run_path(os.path.join(ROOT, "examples", example), run_name="pykc_bench")
    return mod[name]


def time_us(launch):
    for _ in range(3):
        launch()
    cp.cuda.Device().synchronize()
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    ts = []
    for _ in range(REPS):
        start.record()
        launch()
        stop.record()
        stop.synchronize()
        ts.append(cp.cuda.get_elapsed_time(start, stop) * 1000.0)
    return float(np.median(ts))


def interleaved(runs):
    """Median µs of each launch (CUDA events), the launches taking turns REPS times, so that
    the GPU's clocks and memory warming up fall on all of them alike (timed one after the
    other, the first kernel ran a few % slow), each round starting one further along. Each
    timed launch is queued behind an untimed one of the same kernel, so that the start
    event fires when the GPU is already busy and the host's time to launch (CuPy packing
    pykc's ABI structs, cupyx.jit's Python) falls outside the events: with the GPU idle
    at the start event, the H200 timed stencil2d's twin 1.02x nvcc in bench.py's rounds
    (pykc, nvcc, cupyx.jit) and 0.98x in bench/contig21.py's (pykc, three more, nvcc)."""
    for launch in runs.values():
        for _ in range(3):
            launch()
    cp.cuda.Device().synchronize()
    s, e = cp.cuda.Event(), cp.cuda.Event()
    ts = {who: [] for who in runs}
    order = list(runs.items())
    for r in range(REPS):
        k = r % len(order)
        for who, launch in order[k:] + order[:k]:
            launch()                              # untimed: keeps the GPU busy
            s.record()
            launch()
            e.record()
            e.synchronize()
            ts[who].append(cp.cuda.get_elapsed_time(s, e) * 1e3)
    return {who: float(np.median(v)) for who, v in ts.items()}


def bench_cases():
    rng = np.random.default_rng(1234)
    n = 1 << 24
    x = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    y = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    out = cp.empty(n, np.float32)
    a = np.float32(2.5)
    yield ("saxpy", "saxpy.py", (n + 255) // 256, 256,
           (a, x, y, out), (a, x, y, out, np.int64(n)), [out])

    np_ = 1_000_000
    pf = cp.empty(np_, np.int32)
    yield ("prime_factor_sum", "prime_factor_sum.py", (np_ + 127) // 128, 128,
           (pf, np.int32(np_)), (pf, np.int32(np_)), [pf])

    m = k = nn = 1024
    A = cp.asarray(rng.standard_normal((m, k), dtype=np.float32))
    B = cp.asarray(rng.standard_normal((k, nn), dtype=np.float32))
    C = cp.empty((m, nn), np.float32)
    yield ("matmul_tiled", "matmul_tiled.py", (nn // 16, m // 16), (16, 16),
           (A, B, C), (A, B, C, np.int32(m), np.int32(k), np.int32(nn)), [C])

    xi = cp.asarray(rng.integers(-1000, 1000, n, dtype=np.int32))
    part = cp.empty(1024, np.int64)
    yield ("block_reduce", "block_reduce.py", 1024, 256,
           (xi, part, np.int32(n)), (xi, part, np.int32(n)), [part])

    # the same sums through jit.cub.BlockReduce (the reference: block_reduce.cu by hand)
    yield ("cub_block_reduce", "cub_block_reduce.py", 1024, 256,
           (xi, part, np.int32(n)), (xi, part, np.int32(n)), [part])

    # a sort per thread through jit.thrust.sort (the reference: thrust::sort(thrust::seq)
    # by nvcc); 4096 rows of 256 float32, 1 KB of device heap per thread for the merges
    tr, tc = 4096, 256
    X = cp.asarray(rng.standard_normal((tr, tc), dtype=np.float32))
    Y = cp.empty((tr, tc), np.float32)
    yield ("thrust_sort_rows", "thrust_sort_rows.py", (tr + 127) // 128, 128,
           (X, Y, np.int32(tr)), (X, Y, np.int32(tr), np.int32(tc)), [Y])

    rows = cols = 4096
    S = cp.asarray(rng.standard_normal((rows, cols), dtype=np.float32))
    D = cp.empty((rows, cols), np.float32)
    yield ("stencil2d", "stencil2d.py", (cols // 16, rows // 16), (16, 16),
           (S, D), (S, D, np.int32(rows), np.int32(cols)), [D])
    # issue 21: the specialisation libpykc launches on C-contiguous arrays, on the launch
    # libpykc plans (its 2-d map twin, docs/design.md 5.3)
    yield ("stencil2d", "stencil2d.py", (cols // 16, rows // 16), (16, 16),
           (S, D), (S, D, np.int32(rows), np.int32(cols)), [D],
           "stencil2d(float32[:, ::1], float32[:, ::1])",
           [f"src=zeros:float32:{rows}x{cols}", f"dst=zeros:float32:{rows}x{cols}"])

    data = cp.asarray(rng.integers(0, 1 << 30, n, dtype=np.int32))
    hist = cp.zeros(64, np.uint32)
    yield ("histogram", "histogram.py", 1024, 256,
           (data, hist, np.int32(64)), (data, hist, np.int64(n), np.int32(64)), [hist])
    yield ("histogram", "histogram.py", 1024, 256,
           (data, hist, np.int32(64)), (data, hist, np.int64(n), np.int32(64)), [hist],
           "histogram(int32[::1], uint32[::1], int32)")


def as_grid(g):
    return g if isinstance(g, tuple) else (g,)


def twin_plan(example, name, grid, block, words):
    """The launch libpykc makes of the kernel on arrays of these shapes (WORDS: `pykc run`'s
    arguments): (grid, block, threads along the twin's loop) when it goes to its map twin
    (`pykc run -v` says so), else None."""
    cmd = [PYKC, "run", os.path.join(ROOT, "examples", example), "--kernel", name, "-v",
           "--grid", ",".join(map(str, grid)), "--block", ",".join(map(str, block))] + words
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"bench: {' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    m = re.search(r"launched as \S+__map, grid (\d+) x (\d+), block (\d+) x (\d+)", r.stderr)
    if m:                                         # a 2-d twin: its loop runs over y
        v = [int(g) for g in m.groups()]
        return tuple(v[:2]), tuple(v[2:]), grid[1] * block[1]
    m = re.search(r"launched as \S+__map, grid (\d+) x (\d+)", r.stderr)
    return ((int(m.group(1)),), block, grid[0] * block[0]) if m else None


def launch_overhead():
    """Host microseconds per launch of a tiny kernel through CuPy RawKernel and cupyx.jit
    (pykc's own figure comes from bench/launch_overhead.c, through libpykc)."""
    raw = cp.RawKernel(r'extern "C" __global__ void k(float *x, int n) {}', "k")
    x = cp.zeros(1024, np.float32)
    jk = jit_kernel("saxpy.py", "saxpy")
    a, out = np.float32(1), cp.zeros(1024, np.float32)
    res = {}
    for who, launch in (("cupy.RawKernel", lambda: raw((4,), (256,), (x, np.int32(1024)))),
                        ("cupyx.jit", lambda: jk((4,), (256,), (a, x, x, out)))):
        launch()
        cp.cuda.Device().synchronize()
        best = float("inf")
        for _ in range(20):
            t0 = time.perf_counter()
            for _ in range(200):
                launch()
            best = min(best, (time.perf_counter() - t0) / 200 * 1e6)
            cp.cuda.Device().synchronize()
        res[who] = best
    return res


def jit_cold_compile_ms(example="saxpy.py", name="saxpy",
                        args="np.float32(1),x,x,x", arrays="x=cp.zeros(1024,np.float32)"):
    """cupyx.jit's first call of an example with an empty CuPy cache (subprocess)."""
    code = ("import time,runpy,numpy as np,cupy as cp\n"
            "k=runpy.run_path(%r,run_name='x')[%r]\n"
            "%s; cp.cuda.Device().synchronize()\n"
            "t=time.perf_counter(); k((4,),(256,),(%s)); cp.cuda.Device().synchronize()\n"
            "print((time.perf_counter()-t)*1e3)\n") % (os.path.join(ROOT, "examples", example),
                                                     name, arrays, args)
    env = dict(os.environ, CUPY_CACHE_DIR=tempfile.mkdtemp(prefix="cupy-cache-"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    return float(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else float("nan")


def complex_magnitude():
    """examples/complex_magnitude.py over 1e8 complex128 (1.6 GB read, 0.8 GB written)
    against CuPy's cp.abs(z) ** 2 and bench/ref/complex_magnitude.cu, with the bandwidth
    each reaches (24 bytes per element) as a share of the device's copy bandwidth
    (cupy copy of the same 1.6 GB: 3.2 GB moved). cupyx.jit cannot run the example
    (it has no z.real / z.imag)."""
    n = 100_000_000
    rng = cp.random.default_rng(1234)
    z = rng.standard_normal(n, dtype=np.float64) + 1j * rng.standard_normal(n, dtype=np.float64)
    out = cp.empty(n, np.float64)
    dev = cp.cuda.Device()
    sms = dev.attributes["MultiProcessorCount"]
    grid, block = (sms * 8,), (256,)
    cubin = os.path.join(TMP, "magnitude.cubin")
    sh(PYKC, "cubin", os.path.join(ROOT, "examples", "complex_magnitude.py"), "--kernel",
       "magnitude", "--arch", ARCH, "-o", cubin)
    pk = cp.RawModule(path=cubin).get_function("magnitude")
    rk = ref_kernel("complex_magnitude")
    pk_args = (abi(z), abi(out))
    want = cp.abs(z) ** 2
    for who, launch in (("pykc", lambda: pk(grid, block, pk_args)),
                        ("nvcc", lambda: rk(grid, block, (z, out, np.int64(n))))):
        out.fill(0)
        launch()
        if not cp.allclose(out, want, rtol=1e-12, atol=0):
            sys.exit(f"bench: complex_magnitude: {who} disagrees with cp.abs(z) ** 2")
    del want
    dst = cp.empty_like(z)
    t = {
        "pykc": time_us(lambda: pk(grid, block, pk_args)),
        "nvcc": time_us(lambda: rk(grid, block, (z, out, np.int64(n)))),
        "cp.abs(z) ** 2": time_us(lambda: cp.abs(z) ** 2),
        "device copy": time_us(lambda: cp.copyto(dst, z)),
    }
    copy_gbs = 2 * z.nbytes / t["device copy"] / 1e3
    lines = [f"complex_magnitude: 1e8 complex128, grid {grid[0]} x {block[0]}; "
             f"device copy bandwidth {copy_gbs:.0f} GB/s"]
    for who in ("pykc", "nvcc", "cp.abs(z) ** 2"):
        gbs = (z.nbytes + out.nbytes) / t[who] / 1e3
        lines.append(f"  {who:<16}{t[who]:>10.1f} us {gbs:>8.0f} GB/s "
                     f"{100 * gbs / copy_gbs:>6.1f}% of copy")
    return lines


def planned_launch(example, kernel, args, axis=()):
    """The grid and block libpykc plans for a ReductionKernel call (pykc run -v on the GPU
    with arrays of the call's shapes), and `pykc run --time`'s mean GPU time of its launches
    (cupyx.profiler.benchmark's figure)."""
    words = [PYKC, "run", os.path.join(ROOT, example), "--kernel", kernel, "-v",
             f"--time={REPS}"] + list(args)
    for a in axis:
        words += ["--axis", str(a)]
    r = subprocess.run(words, capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"bench: {' '.join(words)} failed:\n{r.stdout}{r.stderr}")
    m = re.search(r"grid (\d+)x(\d+)x(\d+), block (\d+)x(\d+)x(\d+)", r.stderr)
    t = re.search(r"GPU-[0-9]+: +([0-9.]+) us", r.stdout)
    if not m or not t:
        sys.exit(f"bench: no planned launch in: {r.stderr}{r.stdout}")
    v = [int(x) for x in m.groups()]
    return tuple(v[:3]), tuple(v[3:]), float(t.group(1))


def form_cubin(example, kernel, sig):
    # one file per signature: a second signature of one kernel (rsum of float32 rows, then
    # of complex64) must not be read from the first one's path (CuPy caches loaded files)
    tag = hashlib.sha1(f"{example}:{sig}".encode()).hexdigest()[:12]
    cubin = os.path.join(TMP, f"{kernel}-{tag}.form.cubin")
    sh(PYKC, "cubin", os.path.join(ROOT, example), "--kernel", kernel, "--sig", sig,
       "--arch", ARCH, "-o", cubin)
    return cp.RawModule(path=cubin).get_function(kernel)


def bits_twice(launch, out):
    """Whether four launches leave the same bits in out."""
    launch()
    first = cp.asnumpy(out).tobytes()
    for _ in range(3):
        launch()
    return cp.asnumpy(out).tobytes() == first


def reductions():
    """Issue 10's reductions; lines of the table."""
    dev = cp.cuda.Device()
    sms = dev.attributes["MultiProcessorCount"]
    lines = ["ReductionKernel (issue 10): median us, GB/s read, share of the hand-written "
             "shuffle kernel's throughput"]

    def report(case, nbytes, t, ref):
        for who, us in t.items():
            lines.append(f"  {case:<26}{who:<34}{us:>10.1f} us {nbytes / us / 1e3:>8.0f} GB/s"
                         f"{100 * t[ref] / us:>7.1f}%")

    # the course's MSE, 1e8 float64
    n = 100_000_000
    rng = cp.random.default_rng(1234)
    a = rng.standard_normal(n, dtype=np.float64)
    b = rng.standard_normal(n, dtype=np.float64)
    out = cp.zeros((), np.float64)
    grid, block, run_us = planned_launch("examples/mse_reduction.py", "mse",
                                         [f"a=zeros:float64:{n}", f"b=zeros:float64:{n}"])
    pk = form_cubin("examples/mse_reduction.py", "mse", "mse(float64[:], float64[:], float64[()])")
    pk_args = (abi(a), abi(b), abi(out))
    mse_rk = runpy.run_path(os.path.join(ROOT, "examples", "mse_reduction.py"),
                            run_name="pykc_bench")["mse"]
    rk = ref_kernel("mse_shuffle")
    ref_out = cp.zeros(1, np.float64)

    def ref_mse():
        ref_out.fill(0)
        rk((sms * 8,), (256,), (a, b, ref_out, np.int64(n)))
    same_bits = bits_twice(lambda: pk(grid, block, pk_args), out)
    want = float(mse_rk(a, b))
    if abs(float(out) - want) > 1e-10 * abs(want) or not same_bits:
        sys.exit(f"bench: mse: pykc {float(out)!r} vs CuPy {want!r}, same bits {same_bits}")
    t = {"pykc (planned launch)": time_us(lambda: pk(grid, block, pk_args)),
         "pykc run --time": run_us,
         "CuPy ReductionKernel": time_us(lambda: mse_rk(a, b)),
         "cp.mean((a - b)**2)": time_us(lambda: cp.mean((a - b) ** 2)),
         "hand-written shuffle (nvcc)": time_us(ref_mse)}
    lines.append(f"  mse: grid {grid}, block {block}; pykc {float(out)!r}, CuPy {want!r}, "
                 f"same bits run after run: {same_bits}")
    report("mse 1e8 float64", a.nbytes + b.nbytes, t, "hand-written shuffle (nvcc)")
    a = b = None                                  # frees 1.6 GB for the next cases

    # row and column sums, 16384 x 4096 float32
    R, C = 16384, 4096
    x = cp.random.default_rng(99).standard_normal((R, C), dtype=np.float32)
    rsum = runpy.run_path(os.path.join(ROOT, "bench", "sum_kernel.py"), run_name="pykc_bench")["rsum"]
    pk = form_cubin("bench/sum_kernel.py", "rsum", "rsum(float32[:, :], float32[:])")
    for axis, label in ((1, "row sums 16384x4096 f32"), (0, "col sums 16384x4096 f32")):
        nout = R if axis == 1 else C
        y = cp.zeros(nout, np.float32)
        grid, block, run_us = planned_launch("bench/sum_kernel.py", "rsum",
                                             [f"x=zeros:float32:{R}x{C}"], (axis,))
        view = x.T if axis == 1 else x           # the index space: reduced axis first
        args = (abi(view), abi(y))
        same_bits = bits_twice(lambda: pk(grid, block, args), y)
        want = rsum(x, axis=axis)
        if not cp.allclose(y, want, rtol=1e-4, atol=1e-3) or not same_bits:
            sys.exit(f"bench: {label}: pykc disagrees with CuPy or changes run to run")
        yr = cp.zeros(nout, np.float32)
        if axis == 1:
            rr = ref_kernel("row_sum")
            ref = lambda: rr((R * 32 // 256,), (256,), (x, yr, np.int64(R), np.int64(C)))  # noqa: E731
        else:
            rc = ref_kernel("col_sum")

            def ref():
                yr.fill(0)
                rc((C // 32, 16), (32, 8), (x, yr, np.int64(R), np.int64(C)))
        ref()
        if not cp.allclose(yr, want, rtol=1e-4, atol=1e-3):
            sys.exit(f"bench: {label}: the hand-written kernel disagrees")
        t = {"pykc (planned launch)": time_us(lambda: pk(grid, block, args)),
             "pykc run --time": run_us,
             f"CuPy ReductionKernel axis={axis}": time_us(lambda: rsum(x, axis=axis)),
             f"cp.sum(x, axis={axis})": time_us(lambda: cp.sum(x, axis=axis)),
             "hand-written shuffle (nvcc)": time_us(ref)}
        lines.append(f"  {label}: grid {grid}, block {block}; same bits run after run: {same_bits}")
        report(label, x.nbytes, t, "hand-written shuffle (nvcc)")
    x = None

    lines += complex_sum()

    # clipped ReLU ElementwiseKernel, 1e8 float64, against the copy bandwidth
    ex = os.path.join(ROOT, "examples", "clipped_relu_ewk.py")
    if os.path.exists(ex):
        _, _, run_us = planned_launch_ew(ex, n)
        relu = runpy.run_path(ex, run_name="pykc_bench")["clipped_relu"]
        xs = cp.random.default_rng(5).standard_normal(n, dtype=np.float64) * 8
        ys = cp.empty_like(xs)
        t = {"pykc run --time": run_us,
             "CuPy ElementwiseKernel": time_us(lambda: relu(xs, 6.0, ys)),
             "device copy (cp.copyto)": time_us(lambda: cp.copyto(ys, xs))}
        for who, us in t.items():
            lines.append(f"  {'clipped ReLU 1e8 f64':<26}{who:<34}{us:>10.1f} us "
                         f"{2 * xs.nbytes / us / 1e3:>8.0f} GB/s"
                         f"{100 * t['device copy (cp.copyto)'] / us:>7.1f}% of copy")
    return lines


def complex_sum():
    """bench/sum_kernel.py's rsum over 1e8 complex64 (reduce_type complex<float>: partials
    moved down the warp as two 32-bit shuffles), as pykc plans it, as CuPy runs the same
    ReductionKernel, and cp.sum; read bandwidth against the float32 row sums' kernel."""
    n = 100_000_000
    g = cp.random.default_rng(7)
    z = (g.standard_normal(n, dtype=np.float32) + 1j * g.standard_normal(n, dtype=np.float32)).astype(np.complex64)
    rsum = runpy.run_path(os.path.join(ROOT, "bench", "sum_kernel.py"), run_name="pykc_bench")["rsum"]
    grid, block, run_us = planned_launch("bench/sum_kernel.py", "rsum", [f"x=zeros:complex64:{n}"])
    pk = form_cubin("bench/sum_kernel.py", "rsum", "rsum(complex64[:], complex64[()])")
    y = cp.zeros((), np.complex64)
    args = (abi(z), abi(y))
    same_bits = bits_twice(lambda: pk(grid, block, args), y)
    want = complex(rsum(z))
    exact = complex(cp.sum(z.astype(np.complex128)))
    if abs(complex(y) - exact) > 1e-4 * abs(exact) + 1 or not same_bits:
        sys.exit(f"bench: complex64 sum: pykc {complex(y)!r} vs {exact!r}, same bits {same_bits}")
    t = {"pykc (planned launch)": time_us(lambda: pk(grid, block, args)),
         "pykc run --time": run_us,
         "CuPy ReductionKernel": time_us(lambda: rsum(z)),
         "cp.sum(z)": time_us(lambda: cp.sum(z))}
    lines = [f"  complex64 sum: grid {grid}, block {block}; pykc {complex(y)!r}, CuPy "
             f"ReductionKernel {want!r}, complex128 sum {exact!r}; same bits run after run: "
             f"{same_bits}"]
    for who, us in t.items():
        lines.append(f"  {'sum 1e8 complex64':<26}{who:<34}{us:>10.1f} us "
                     f"{z.nbytes / us / 1e3:>8.0f} GB/s{100 * t['cp.sum(z)'] / us:>7.1f}% of cp.sum")
    return lines


def planned_launch_ew(path, n):
    """`pykc run --time` of the clipped ReLU example over n float64 (its launch chosen
    by libpykc's planned call)."""
    r = subprocess.run([PYKC, "run", path, "--kernel", "clipped_relu", f"x=zeros:float64:{n}",
                        "ceiling=6.0", f"--time={REPS}"], capture_output=True, text=True)
    t = re.search(r"GPU-[0-9]+: +([0-9.]+) us", r.stdout)   # cupyx.profiler.benchmark's mean
    if r.returncode or not t:
        sys.exit(f"bench: clipped_relu_ewk: {r.stdout}{r.stderr}")
    return None, None, float(t.group(1))


COLD = (  # (label, example, kernel, pykc run arguments, CuPy's first call in a subprocess)
    ("ReductionKernel mse", "mse_reduction.py", "mse",
     ["a=zeros:float64:100000", "b=zeros:float64:100000"],
     "a = cp.zeros(100000); b = cp.zeros(100000); f = lambda: m['mse'](a, b)"),
    ("ElementwiseKernel clipped_relu", "clipped_relu_ewk.py", "clipped_relu",
     ["x=zeros:float64:100000", "ceiling=6.0"],
     "x = cp.zeros(100000); f = lambda: m['clipped_relu'](x, 6.0)"),
    ("cupyx.jit saxpy", "saxpy.py", "saxpy",
     ["--grid", "32", "--block", "128", "a=2.0", "x=zeros:float32:4096", "y=zeros:float32:4096",
      "out=zeros:float32:4096"],
     "x = cp.zeros(4096, np.float32); f = lambda: m['saxpy']((32,), (128,), (np.float32(2), x, x, x))"),
)


def pykc_compile_ms(example, kernel, args, cache_dir):
    """`pykc run -v`'s milliseconds before the launch: front end, NVRTC (a cold cache) or
    the cache's read (a warm one), and the module's load."""
    env = dict(os.environ, PYKC_CACHE_DIR=cache_dir)
    r = subprocess.run([PYKC, "run", os.path.join(ROOT, "examples", example), "--kernel", kernel,
                        "-v", *args], capture_output=True, text=True, env=env)
    m = re.search(r"front end ([0-9.]+) ms, NVRTC ([0-9.]+) ms .*cache ([0-9.]+) ms .*"
                  r"module load ([0-9.]+) ms", r.stderr)
    if r.returncode or not m:
        sys.exit(f"bench: {kernel}: {r.stdout}{r.stderr}")
    return [float(v) for v in m.groups()]


def cupy_first_call_ms(example, cupy_call, cache_dir):
    """CuPy's first call of the example's kernel in a fresh process (compile or cache
    read, load, launch), CUPY_CACHE_DIR=cache_dir."""
    path = os.path.join(ROOT, "examples", example)
    code = ("import time, runpy, numpy as np, cupy as cp\n"
            f"m = runpy.run_path({path!r}, run_name='x')\n"
            f"{cupy_call}\n"
            "cp.cuda.Device().synchronize(); t = time.perf_counter(); f()\n"
            "cp.cuda.Device().synchronize(); print((time.perf_counter() - t) * 1e3)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, CUPY_CACHE_DIR=cache_dir))
    return float(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else float("nan")


def cold_compiles():
    """Issue 21: the first call of a new kernel with an empty cache. pykc: `pykc run -v`'s
    front end + NVRTC milliseconds (best of 3, a fresh PYKC_CACHE_DIR each); CuPy: the
    same kernel object's first call (compile, load, launch) in a fresh process with a
    fresh CUPY_CACHE_DIR (best of 3)."""
    lines = ["cold compile, empty cache (best of 3): pykc front end + NVRTC, CuPy's first call"]
    for label, example, kernel, args, cupy_call in COLD:
        path = os.path.join(ROOT, "examples", example)
        best = float("inf")
        for _ in range(3):
            env = dict(os.environ, PYKC_CACHE_DIR=tempfile.mkdtemp(prefix="pykc-cold-"))
            r = subprocess.run([PYKC, "run", path, "--kernel", kernel, "-v", *args],
                               capture_output=True, text=True, env=env)
            m = re.search(r"front end ([0-9.]+) ms, NVRTC ([0-9.]+) ms", r.stderr)
            if r.returncode or not m:
                sys.exit(f"bench: cold {label}: {r.stdout}{r.stderr}")
            best = min(best, float(m.group(1)) + float(m.group(2)))
        code = ("import time, runpy, numpy as np, cupy as cp\n"
                f"m = runpy.run_path({path!r}, run_name='x')\n"
                f"{cupy_call}\n"
                "cp.cuda.Device().synchronize(); t = time.perf_counter(); f()\n"
                "cp.cuda.Device().synchronize(); print((time.perf_counter() - t) * 1e3)\n")
        cbest = float("inf")
        for _ in range(3):
            env = dict(os.environ, CUPY_CACHE_DIR=tempfile.mkdtemp(prefix="cupy-cold-"))
            r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               env=env)
            if r.returncode == 0:
                cbest = min(cbest, float(r.stdout.strip().splitlines()[-1]))
        lines.append(f"  {label:<32}pykc {best:>8.1f} ms   CuPy {cbest:>8.1f} ms")
    return lines


LIB_COMPILES = (  # (label, example, kernel, pykc run arguments, CuPy's first call)
    ("jit.cub BlockReduce", "cub_block_reduce.py", "cub_block_reduce",
     ["--grid", "8", "--block", "256", "x=arange:int32:2000", "partial=zeros:int64:8", "n=2000"],
     "x = cp.zeros(2000, np.int32); p = cp.zeros(8, np.int64); "
     "f = lambda: m['cub_block_reduce']((8,), (256,), (x, p, np.int32(2000)))"),
    ("jit.thrust sort", "thrust_sort_rows.py", "thrust_sort_rows",
     ["--grid", "1", "--block", "64", "x=zeros:float32:64x256", "y=zeros:float32:64x256",
      "rows=64"],
     "x = cp.zeros((64, 256), np.float32); y = cp.zeros_like(x); "
     "f = lambda: m['thrust_sort_rows']((1,), (64,), (x, y, np.int32(64)))"),
)


def lib_compiles():
    """Issue 22: a kernel using jit.cub or jit.thrust, compiled cold (an empty cache: pykc's
    front end + NVRTC against cupyx.jit's first call, its Python front end, nvcc or NVRTC
    and load; goal <= 0.5x) and from the cache (the same cache, a new process: pykc's front
    end + cache read + module load, goal <= 2 ms; cupyx.jit's first call on a warm cache).
    Best of 3 each."""
    lines = ["device libraries, best of 3: cold (pykc front end + NVRTC; cupyx.jit's first "
             "call) and cached (pykc front end + cache + module load)"]
    for label, example, kernel, args, call in LIB_COMPILES:
        t = {k: float("inf") for k in ("pc", "ph", "cc", "ch")}
        for _ in range(3):
            pdir, cdir = tempfile.mkdtemp(prefix="pykc-lib-"), tempfile.mkdtemp(prefix="cupy-lib-")
            fe, nv, _, _ = pykc_compile_ms(example, kernel, args, pdir)
            t["pc"] = min(t["pc"], fe + nv)
            fe, _, cache, load = pykc_compile_ms(example, kernel, args, pdir)
            t["ph"] = min(t["ph"], fe + cache + load)
            t["cc"] = min(t["cc"], cupy_first_call_ms(example, call, cdir))
            t["ch"] = min(t["ch"], cupy_first_call_ms(example, call, cdir))
        lines.append(f"  {label:<20} cold: pykc {t['pc']:>7.1f} ms  cupyx.jit {t['cc']:>7.1f} ms"
                     f" ({t['pc'] / t['cc']:.2g}x)   cached: pykc {t['ph']:>6.2f} ms  "
                     f"cupyx.jit {t['ch']:>7.1f} ms")
    return lines


def main():
    if os.environ.get("BENCH_ONLY") == "complex_sum":  # the complex64 sum alone
        dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        print("\n".join([f"device: {dev}; median of {REPS} launches (CUDA events)"] +
                        complex_sum()))
        return
    if os.environ.get("BENCH_ONLY") == "cold":         # issue 21's cold compiles alone
        print("\n".join(cold_compiles()))
        return
    if os.environ.get("BENCH_ONLY") in ("libs", "cub"):  # issue 22's jit.cub / jit.thrust compiles
        print("\n".join(lib_compiles()))
        return
    if os.environ.get("BENCH_ONLY") == "reductions":   # issue 10's table alone
        dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
        print("\n".join([f"device: {dev}; median of {REPS} launches (CUDA events)"] + reductions()))
        return
    rows = []
    for name, example, grid, block, args, ref_args, outs, *sig in bench_cases():
        grid, block = as_grid(grid), as_grid(block)
        sig, plan = (sig + [None, None])[:2]
        pk, rk, jk = pykc_kernel(example, name, sig), ref_kernel(name), jit_kernel(example, name)
        pk_args = tuple(abi(v) if isinstance(v, cp.ndarray) else v for v in args)
        pgrid, pblock = grid, block
        plan = plan and twin_plan(example, name, grid, block, plan)
        if plan:                                  # libpykc's launch: the map twin
            pgrid, pblock = plan[0], plan[1]
            pk = pykc_kernel(example, name, sig, twin=True)
            pk_args += (np.int64(plan[2]),)
        runs = {
            "pykc": lambda: pk(pgrid, pblock, pk_args),
            "nvcc": lambda: rk(grid, block, ref_args),
            "cupyx.jit": lambda: jk(grid, block, args),
        }
        results = {}
        for who, launch in runs.items():
            for o in outs:
                o.fill(0)
            launch()
            cp.cuda.Device().synchronize()
            results[who] = [cp.asnumpy(o) for o in outs]
        for who in ("nvcc", "cupyx.jit"):
            for got, want in zip(results["pykc"], results[who]):
                if not np.allclose(got, want, rtol=1e-4, atol=1e-3, equal_nan=True):
                    sys.exit(f"bench: {name}: pykc and {who} disagree")
        t = interleaved(runs)
        rows.append((name + (" [::1]" if sig else ""), t["pykc"], t["nvcc"], t["cupyx.jit"]))
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    lines = [f"device: {dev}; median of {REPS} launches (CUDA events), microseconds",
             f"{'kernel':<18}{'pykc':>10}{'nvcc -O3':>10}{'cupyx.jit':>11}{'pykc/nvcc':>11}{'jit/pykc':>10}"]
    for name, p, r, j in rows:
        lines.append(f"{name:<18}{p:>10.1f}{r:>10.1f}{j:>11.1f}{p / r:>11.2f}{j / p:>10.2f}")
    if os.environ.get("BENCH_ONLY") == "kernels":      # the kernel table alone
        print("\n".join(lines))
        return
    lines += complex_magnitude()
    lines += reductions()
    lo = launch_overhead()
    lines.append("host time per launch (best of 20 x 200 launches): " +
                 ", ".join(f"{k} {v:.2f} us" for k, v in lo.items()))
    lines.append(f"cupyx.jit cold compile+launch of saxpy: {jit_cold_compile_ms():.0f} ms")
    lines += cold_compiles()
    lines += lib_compiles()
    text = "\n".join(lines)
    print(text)
    outdir = os.environ.get("OUT", os.path.join(ROOT, "bench"))
    with open(os.path.join(outdir, "results.txt"), "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
