"""Issue 21 (branch contig21, GPU): the C-contiguous twins of stencil2d, histogram and saxpy
against nvcc -O3, before and after, in one process, the variants taking turns launch by
launch, each behind an untimed launch of itself (bench.interleaved: the host's launch time
outside the events), and then one after the other with the GPU idle at each start event
(bench.time_us, bench.py's kernel table until this branch: pykc first, then nvcc, then
cupyx.jit), so that the bias of the old way is measured rather than assumed.

Per benchmark, on bench.py's data and launch (grid and block as bench.py gives them):
  pykc        the twin of this build (`pykc cubin --sig` with [::1] arrays)
  main        the twin as main generated it (bench/ref/proto21.cu, NAME_main)
  candidates  bench/ref/proto21.cu's hand-written shapes of a possible twin (read-only
              loads, 32-bit index math, a batched grid-stride loop)
  nvcc        bench/ref/NAME.cu, nvcc -O3
All outputs are checked against nvcc's. Prints the median microseconds of REPS launches
and each one's time over nvcc's.
  python3 bench/contig21.py            the table, interleaved and one-after-the-other
  python3 bench/contig21.py --ncu      each variant launched 3 times in a row, no checks,
                                       their names in order to $NCU_ORDER (for
                                       bench/contig21.sh's Nsight Compute table)
"""
import os
import sys

import numpy as np
import cupy as cp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
NCU = "--ncu" in sys.argv
if NCU:
    os.environ["BENCH_REPS"] = "3"
import bench  # noqa: E402
from bench import abi, interleaved  # noqa: E402

REPS = bench.REPS


def proto():
    src = open(os.path.join(ROOT, "bench", "ref", "proto21.cu")).read()
    return cp.RawModule(code=src, options=("-ftz=true",))


def cases(mod):
    """(name, {variant: launch}, outputs, nvcc's variant) per benchmark."""
    rng = np.random.default_rng(1234)
    n = 1 << 24
    x = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    y = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    out = cp.empty(n, np.float32)
    a = np.float32(2.5)
    g = ((n + 255) // 256,)
    pk = bench.pykc_kernel("saxpy.py", "saxpy", "saxpy(float32, float32[::1], float32[::1], float32[::1])")
    nv = bench.ref_kernel("saxpy")
    pa = (a, abi(x), abi(y), abi(out))
    yield "saxpy 2^24", {
        "pykc": lambda: pk(g, (256,), pa),
        "nvcc": lambda: nv(g, (256,), (a, x, y, out, np.int64(n))),
    }, [out]

    rows = cols = 4096
    S = cp.asarray(rng.standard_normal((rows, cols), dtype=np.float32))
    D = cp.empty((rows, cols), np.float32)
    g, b = (cols // 16, rows // 16), (16, 16)
    pk = bench.pykc_kernel("stencil2d.py", "stencil2d", "stencil2d(float32[:, ::1], float32[:, ::1])")
    nv = bench.ref_kernel("stencil2d")
    sa = (abi(S), abi(D))
    runs = {"pykc": lambda: pk(g, b, sa)}
    for v in ("main", "nc", "i32"):
        runs[v] = (lambda f=mod.get_function("stencil2d_" + v): f(g, b, sa))
    runs["nvcc"] = lambda: nv(g, b, (S, D, np.int32(rows), np.int32(cols)))
    yield "stencil2d 4096^2", runs, [D]

    data = cp.asarray(rng.integers(0, 1 << 30, n, dtype=np.int32))
    hist = cp.zeros(64, np.uint32)
    pk = bench.pykc_kernel("histogram.py", "histogram", "histogram(int32[::1], uint32[::1], int32)")
    nv = bench.ref_kernel("histogram")
    ha = (abi(data), abi(hist), np.int32(64))
    runs = {"pykc": lambda: pk((1024,), (256,), ha)}
    for v in ("main", "b2", "b4", "b8"):
        runs[v] = (lambda f=mod.get_function("histogram_" + v): f((1024,), (256,), ha))
    runs["nvcc"] = lambda: nv((1024,), (256,), (data, hist, np.int64(n), np.int32(64)))
    yield "histogram 2^24", runs, [hist]


def check(name, runs, outs):
    got = {}
    for who, launch in runs.items():
        for o in outs:
            o.fill(0)
        launch()
        cp.cuda.Device().synchronize()
        got[who] = [cp.asnumpy(o) for o in outs]
    for who in runs:
        for u, w in zip(got[who], got["nvcc"]):
            if not np.allclose(u, w, rtol=1e-4, atol=1e-3):
                sys.exit(f"contig21: {name}: {who} and nvcc disagree")


def main():
    mod = proto()
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    lines = [f"device: {dev}; median of {REPS} launches (CUDA events), us; x nvcc = time / nvcc's"]
    order = []
    for name, runs, outs in cases(mod):
        if NCU:            # each variant 3 times in a row, their names in order for ncu's rows
            for who, launch in runs.items():
                for _ in range(3):
                    launch()
                cp.cuda.Device().synchronize()
                order.append(f"{name.split()[0]} {who}")
            continue
        check(name, runs, outs)
        inter = interleaved(runs)                                   # taking turns
        seq = {who: bench.time_us(launch) for who, launch in runs.items()}  # bench.py's way
        lines.append(f"{name:<18}{'turns':>9}{'x nvcc':>8}{'in order':>10}{'x nvcc':>8}")
        for who in runs:
            lines.append(f"  {who:<16}{inter[who]:9.1f}{inter[who] / inter['nvcc']:8.3f}"
                         f"{seq[who]:10.1f}{seq[who] / seq['nvcc']:8.3f}")
    if NCU:
        with open(os.environ.get("NCU_ORDER", os.devnull), "w") as f:
            f.write("\n".join(order) + "\n")
        return
    print("\n".join(lines))


if __name__ == "__main__":
    main()
