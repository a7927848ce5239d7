"""make bench, the Python part (GPU, CuPy): pykc's Python package against CuPy's RawKernel
and cupyx.jit, in one process, on the same CuPy arrays.

  1. host time per launch from Python (batches of launches timed on the host, the device
     waited for between them), an empty kernel and a 4-argument saxpy;
  2. first launch of a new kernel (source -> launched and finished): with an empty disk
     cache, and from the disk cache (a second kernel object of the same source);
  3. device time per saxpy launch (CUDA events around each launch), pykc's Python launch
     against the same kernel run by the CLI (`pykc run --time`, which times it the same way).

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


BATCH = 256


def host_times():
    """Host time per launch: batches of BATCH launches timed on the host, the device waited
    for between batches (untimed), so that a full launch queue never blocks a launch and the
    figure is the launcher's, not the kernel's (a 2^20-element saxpy takes about as long on
    the device as a launch on the host); the launchers take turns batch by batch, so that
    drift in the machine's speed falls on all of them alike. Median and min of the batches."""
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
    rounds = max(8, N_LAUNCH // BATCH)
    samples = {(kern, who): [] for kern, who, _ in rows}
    for _, _, fn in rows:                                 # compiled and warm
        fn()
    for _ in range(rounds):
        for kern, who, fn in rows:
            cp.cuda.Device().synchronize()
            t0 = time.perf_counter()
            for _ in range(BATCH):
                fn()
            samples[(kern, who)].append((time.perf_counter() - t0) / BATCH * 1e6)
    cp.cuda.Device().synchronize()
    print(f"host time per launch from Python ({rounds} batches of {BATCH} launches, taking "
          "turns; the device waited for between batches), microseconds:")
    res = {}
    for kern, who, _ in rows:
        v = sorted(samples[(kern, who)])
        res[(kern, who)] = med = v[len(v) // 2]
        print(f"  {kern:6s} {who:14s} median {med:8.2f}   min {v[0]:8.2f}")
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


CLI_SAXPY = """from cupyx import jit

@jit.rawkernel()
def saxpy(a, x, y, out):
    i = jit.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]
"""


def device_time():
    """Each launch between two CUDA events, waited for, as `pykc run --time` times the
    CLI-compiled kernel: the same measure on both sides."""
    reps = 1000
    p_saxpy(grid, block, (a, x, y, out))
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    us = []
    for _ in range(reps):
        start.record()
        p_saxpy(grid, block, (a, x, y, out))
        stop.record()
        stop.synchronize()
        us.append(cp.cuda.get_elapsed_time(start, stop) * 1e3)
    us.sort()
    print("device time per saxpy launch (n = 2^20, grid 4096 x 256), each launch between CUDA "
          "events:")
    print(f"  pykc from Python: {reps} launches: min {us[0]:.2f} µs, median "
          f"{(us[reps // 2 - 1] + us[reps // 2]) / 2:.2f} µs, max {us[-1]:.2f} µs")
    cli = os.path.join(ROOT, "build", "pykc")
    if os.path.exists(cli):
        src = os.path.join(tempfile.mkdtemp(prefix="pykc-bench-cli-"), "saxpy.py")
        with open(src, "w") as f:                    # p_saxpy's text, for the CLI
            f.write(CLI_SAXPY)
        r = subprocess.run([cli, "run", src, "--kernel",
                            "saxpy", "--grid", str(grid[0]), "--block", "256", "a=2.0:float32",
                            f"x=arange:float32:{n}", f"y=ones:float32:{n}",
                            f"out=zeros:float32:{n}", f"--time={reps}"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = [ln for ln in r.stdout.splitlines() if re.search(r"min|median", ln)]
        print(f"  pykc run --time (CLI-compiled): {line[-1].strip() if line else r.stdout.strip()}")


if __name__ == "__main__":
    print(f"pykc {pykc.__version__}, CuPy {cp.__version__}, {cp.cuda.runtime.getDeviceProperties(0)['name'].decode()}")
    first_launch()
    host_times()
    device_time()
