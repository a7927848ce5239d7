"""make bench, the Python part (GPU, CuPy): pykc's Python package against CuPy's RawKernel
and cupyx.jit, in one process, on the same CuPy arrays.

  1. host time per launch from Python (N launches queued, timed on the host, then one
     synchronisation), an empty kernel and a 4-argument saxpy;
  2. first launch of a new kernel (source -> launched and finished): with an empty disk
     cache, and from the disk cache (a second kernel object of the same source);
  3. device time per saxpy launch (CUDA events), pykc's Python launch against the same
     kernel run by the CLI (`pykc run --time`).

    python3 bench/python_launch.py          (after `make python PYTHON=python3`)
Targets (issue 8): host time <= 0.8x RawKernel's; cold <= 50 ms, cached <= 2 ms.
"""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = tempfile.mkdtemp(prefix="pykc-bench-cache-")
os.environ["PYKC_CACHE_DIR"] = CACHE
sys.path.insert(0, os.path.join(ROOT, "python"))

import cupy as cp  # noqa: E402
from cupyx import jit as cjit  # noqa: E402

import pykc  # noqa: E402
from pykc import jit  # noqa: E402

N_LAUNCH = int(os.environ.get("BENCH_LAUNCHES", "20000"))
n = 1 << 20
x = cp.arange(n, dtype=cp.float32)
y = cp.ones(n, dtype=cp.float32)
out = cp.zeros(n, dtype=cp.float32)
a = cp.float32(2.0)
grid, block = ((n + 255) // 256,), (256,)


@jit.rawkernel()
def p_empty():
    pass


@jit.rawkernel()
def p_saxpy(a, x, y, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cjit.rawkernel()
def c_empty():
    pass


@cjit.rawkernel()
def c_saxpy(a, x, y, out):
    i = cjit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


RAW = r"""
extern "C" __global__ void r_empty() {}
extern "C" __global__ void r_saxpy(float a, const float *x, const float *y, float *out, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}
"""
raw = cp.RawModule(code=RAW)
r_empty, r_saxpy = raw.get_function("r_empty"), raw.get_function("r_saxpy")


def per_launch(fn, reps=N_LAUNCH):
    fn()
    cp.cuda.Device().synchronize()
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        t1 = time.perf_counter()
        cp.cuda.Device().synchronize()
        best = min(best, (t1 - t0) / reps * 1e6)
    return best


def host_times():
    rows = [
        ("empty", "pykc", lambda: p_empty((1,), (1,), ())),
        ("empty", "pykc k[g,b]()", lambda f=p_empty[1, 1]: f()),
        ("empty", "RawKernel", lambda: r_empty((1,), (1,), ())),
        ("empty", "cupyx.jit", lambda: c_empty((1,), (1,), ())),
        ("saxpy", "pykc", lambda: p_saxpy(grid, block, (a, x, y, out))),
        ("saxpy", "pykc k[g,b]()", lambda f=p_saxpy[grid, block]: f(a, x, y, out)),
        ("saxpy", "RawKernel", lambda: r_saxpy(grid, block, (a, x, y, out, cp.int64(n)))),
        ("saxpy", "cupyx.jit", lambda: c_saxpy(grid, block, (a, x, y, out))),
    ]
    print(f"host time per launch from Python (best of 3 x {N_LAUNCH} launches), microseconds:")
    res = {}
    for kern, who, fn in rows:
        reps = N_LAUNCH if who != "cupyx.jit" else max(1000, N_LAUNCH // 10)
        us = per_launch(fn, reps)
        res[(kern, who)] = us
        print(f"  {kern:6s} {who:14s} {us:8.2f}")
    for kern in ("empty", "saxpy"):
        r = res[(kern, "pykc")] / res[(kern, "RawKernel")]
        c = res[(kern, "pykc")] / res[(kern, "cupyx.jit")]
        print(f"  {kern}: pykc / RawKernel = {r:.2f} (target <= 0.8), pykc / cupyx.jit = {c:.3f} "
              f"(target <= 0.1)")


SRC = '''from pykc import jit

@jit.rawkernel()
def fresh(a, x, y, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i] + {salt}
'''


def import_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def first_launch():
    print("first launch of a new kernel (source -> launched and synchronised), ms:")
    d = tempfile.mkdtemp(prefix="pykc-bench-src-")
    cold, cached = [], []
    for rep in range(3):
        path = os.path.join(d, f"fresh{rep}.py")
        with open(path, "w") as f:
            f.write(SRC.format(salt=f"{time.time_ns() % 1000003}.0"))
        for i, bucket in enumerate((cold, cached)):
            k = import_file(path, f"fresh{rep}_{i}").fresh
            t0 = time.perf_counter()
            k(grid, block, (a, x, y, out))
            cp.cuda.Device().synchronize()
            bucket.append((time.perf_counter() - t0) * 1e3)
    print(f"  empty disk cache : {min(cold):7.2f} (of {', '.join(f'{v:.2f}' for v in cold)}) "
          f"target <= 50")
    print(f"  from disk cache  : {min(cached):7.2f} (of {', '.join(f'{v:.2f}' for v in cached)}) "
          f"target <= 2")


def device_time():
    reps = 1000
    p_saxpy(grid, block, (a, x, y, out))
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(reps):
        p_saxpy(grid, block, (a, x, y, out))
    stop.record()
    stop.synchronize()
    py = cp.cuda.get_elapsed_time(start, stop) * 1e3 / reps
    print("device time per saxpy launch (n = 2^20), microseconds:")
    print(f"  pykc from Python (CUDA events, {reps} back to back): {py:.2f}")
    cli = os.path.join(ROOT, "build", "pykc")
    if os.path.exists(cli):
        r = subprocess.run([cli, "run", os.path.join(ROOT, "examples", "saxpy.py"), "--kernel",
                            "saxpy", "--grid", str(grid[0]), "--block", "256", "a=2.0",
                            f"x=arange:float32:{n}", f"y=ones:float32:{n}",
                            f"out=zeros:float32:{n}", "--time=1000"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = [ln for ln in r.stdout.splitlines() if re.search(r"min|median", ln)]
        print(f"  pykc run --time (CLI-compiled): {line[-1].strip() if line else r.stdout.strip()}")


if __name__ == "__main__":
    print(f"pykc {pykc.__version__}, CuPy {cp.__version__}, {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}")
    first_launch()
    host_times()
    device_time()
