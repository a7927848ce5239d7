#!/usr/bin/env python3
"""The Python package on the CPU backend (issue 18), no GPU needed:
  1. the heap (glibc's mallinfo2: the compiled unit's arena is there) after many calls of
     ElementwiseKernel, ReductionKernel, fuse and RawKernel: bytes per call (was 230-560);
  2. the cost of guarded host arrays (cpu/hostguard.c): time per launch of a copy
     kernel y[i] = x[i] * 2 over float32 arrays, guarded (the default) and with
     PYKC_CPU_GUARD=0, best of several rounds.
    python3 bench/host_calls.py"""
import ctypes
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"
import numpy as np  # noqa: E402
import pykc  # noqa: E402
from pykc import jit  # noqa: E402


class Mallinfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                               "usmblks", "fsmblks", "uordblks", "fordblks",
                                               "keepcost")]


def heap():
    f = ctypes.CDLL(None).mallinfo2
    f.restype = Mallinfo2
    m = f()
    return m.uordblks + m.hblkhd


@jit.rawkernel()
def twice(x, y):
    i = jit.grid(1)
    if i < x.size:
        y[i] = x[i] * 2


def main():
    x = np.arange(64, dtype=np.float32)
    out = np.zeros_like(x)
    ek = pykc.ElementwiseKernel("T x, T s", "T y", "y = x * s", "bench_ek")
    rk = pykc.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "bench_rk")

    @pykc.fuse()
    def f(a, b):
        return a * b + 1

    raw = pykc.RawKernel(r'''extern "C" __global__ void bk(const float *x, float *y, int n)
    { int i = threadIdx.x; if (i < n) y[i] = x[i] * 2; }''', "bk")
    print("heap growth per call (glibc mallinfo2), after 100 warm-up calls:")
    for name, call, n in [("ElementwiseKernel", lambda: ek(x, np.float32(3)), 100000),
                          ("ReductionKernel", lambda: rk(x), 2000),
                          ("fuse", lambda: f(x, x), 100000),
                          ("RawKernel", lambda: raw((1,), (64,), (x, out, np.int32(64))), 100000)]:
        for _ in range(100):
            call()
        h = heap()
        t = time.perf_counter()
        for _ in range(n):
            call()
        t = time.perf_counter() - t
        grew = heap() - h
        print("  %-18s %6d calls: %+8d bytes (%.1f bytes per call), %.1f us per call"
              % (name, n, grew, grew / n, t / n * 1e6))
    print("guarded host arrays: time per launch of y[i] = x[i] * 2 (float32), best of 5:")
    for n in (1024, 65536, 1 << 20):
        a = np.arange(n, dtype=np.float32)
        b = np.zeros_like(a)
        grid, reps = ((n + 255) // 256,), max(3, 2000000 // n // 8)
        res = {}
        for mode in ("1", "0"):
            os.environ["PYKC_CPU_GUARD"] = mode
            twice(grid, (256,), (a, b))
            best = None
            for _ in range(5):
                t = time.perf_counter()
                for _ in range(reps):
                    twice(grid, (256,), (a, b))
                t = (time.perf_counter() - t) / reps
                best = t if best is None else min(best, t)
            res[mode] = best
        os.environ.pop("PYKC_CPU_GUARD")
        print("  n = %8d: guarded %9.1f us, unguarded %9.1f us, cost %+7.1f us (%+.0f%%)"
              % (n, res["1"] * 1e6, res["0"] * 1e6, (res["1"] - res["0"]) * 1e6,
                 (res["1"] / res["0"] - 1) * 100))


if __name__ == "__main__":
    main()
