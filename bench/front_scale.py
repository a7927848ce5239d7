#!/usr/bin/env python3
"""The front end's scaling (issue 18 §4): `pykc check` over generated inputs of sizes
N, 2N, 4N and 8N for each family of input that was once quadratic, with CPU time
(user + sys of the child, best of R runs, less the cost of an empty file) and peak RSS.
Linear growth doubles both with the size.

    python3 bench/front_scale.py [--base N] [--runs R] [--check] [PYKC]

--check (make test): only 2N and 8N, and exits 1 when a family grows clearly faster than
linearly: 8N costs more than 8 times 2N in CPU time or peak RSS (linear: at most 4, as a
fixed cost only lowers the ratio; quadratic: 16). Time is CPU time, not wall time, so a
loaded machine does not make a linear family look quadratic. The growth column is
computed from the whole figures, the table shows them less an empty file's."""
import os
import resource
import subprocess
import sys
import tempfile

H = "import cupy as cp\nfrom cupyx import jit\n\n"
K = "@jit.rawkernel()\ndef k(x: cp.float32[:], n: cp.int32):\n"

# family: (what, the input of size n); the sizes of the repro2 findings divided by 8
FAMILIES = {
    "host_unknown": ("`vI = a` host bindings (N2)",
                     lambda n: H + "".join("v%d = a\n" % i for i in range(n)) + K + "    x[0] = 1.0\n"),
    "host_functions": ("host functions (N2)",
                       lambda n: H + "import numpy as np\n\n" + "".join(
                           "def host_fn_%d(a, b):\n    c = np.sum(a * b) + %d\n    return [c, {'k': c}, (a, b)]\n\n"
                           % (i, i) for i in range(n)) + K + "    x[0] = 1.0\n"),
    "module_elif": ("module-level elif arms on an unknown name (N8b)",
                    lambda n: H + "if a == 0:\n    b = 0\n" + "".join(
                        "elif a == %d:\n    b = %d\n" % (i, i) for i in range(1, n)) + K + "    x[0] = 1.0\n"),
    "loop_locals": ("loop-scoped locals in one kernel (N8a)",
                    lambda n: H + K + "".join("    for i%d in range(1):\n        y = i%d\n" % (i, i)
                                              for i in range(n)) + "    x[0] = 1.0\n"),
    "forms": ("ElementwiseKernels (N8c)",
              lambda n: H + "".join("k%d = cp.ElementwiseKernel('float32 x', 'float32 y', 'y = x + %d', 'k%d')\n"
                                    % (i, i, i) for i in range(n))),
    "rawkernels": ("RawKernels (N8d)",
                   lambda n: H + "".join("r%d = cp.RawKernel(r'''extern \"C\" __global__ void f%d(float *x) "
                                         "{ x[0] = %d; }''', 'f%d')\n" % (i, i, i, i) for i in range(n))),
    "strcat": ("adjacent string literals (N9)",
               lambda n: H + "s = (" + " ".join(['"ab"'] * n) + ")\n" + K + "    x[0] = 1.0\n"),
    "kernels": ("DSL kernels",
                lambda n: H + "".join("@jit.rawkernel()\ndef k%d(x: cp.float32[:]):\n    x[0] = %d.0\n\n"
                                      % (i, i) for i in range(n))),
}


def measure(pykc, path, runs):
    """Best CPU seconds and peak RSS (KB) of `pykc check PATH` over RUNS runs."""
    best_t, best_m = None, None
    for _ in range(runs):
        p = subprocess.Popen([pykc, "check", path], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit("%s: pykc check exited with %d" % (path, os.waitstatus_to_exitcode(status)))
        t = ru.ru_utime + ru.ru_stime
        best_t = t if best_t is None else min(best_t, t)
        best_m = ru.ru_maxrss if best_m is None else min(best_m, ru.ru_maxrss)
    return best_t, best_m


def main():
    args = sys.argv[1:]
    check = "--check" in args
    base, runs = (1250, 3) if check else (2500, 3)
    pykc = "build/pykc"
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--base":
            base, i = int(args[i + 1]), i + 1
        elif a == "--runs":
            runs, i = int(args[i + 1]), i + 1
        elif a != "--check":
            pykc = a
        i += 1
    mults = (2, 8) if check else (1, 2, 4, 8)
    d = tempfile.mkdtemp()
    empty = os.path.join(d, "empty.py")
    with open(empty, "w") as f:
        f.write(H + K + "    x[0] = 1.0\n")
    t0, m0 = measure(pykc, empty, runs)
    print("front-end scaling: pykc check, best of %d runs; CPU s and peak RSS MB above an "
          "empty file's (%.3f s, %.1f MB)" % (runs, t0, m0 / 1024))
    print("%-15s %8s" % ("family", "N") + "".join("  %16s" % ("x%d" % m) for m in mults) + "  growth x%d/x%d"
          % (mults[-1], mults[-2]) + " (linear: at most %d)" % (mults[-1] // mults[-2]))
    bad = []
    for name, (what, gen) in FAMILIES.items():
        row, raw = [], []
        for m in mults:
            path = os.path.join(d, "%s_%d.py" % (name, m))
            with open(path, "w") as f:
                f.write(gen(base * m))
            t, mem = measure(pykc, path, runs)
            os.unlink(path)
            row.append((max(t - t0, 0.0), max(mem - m0, 0) / 1024.0))
            raw.append((t, mem))
        (ta, ma), (tb, mb) = raw[-2], raw[-1]
        gt, gm = (tb + 0.005) / (ta + 0.005), mb / ma   # (5 ms: timer noise is no growth)
        print("%-15s %8d" % (name, base) + "".join("  %7.3fs %6.1fMB" % r for r in row)
              + "  %5.1f %5.1f   %s" % (gt, gm, what))
        limit = 2 * (mults[-1] // mults[-2])        # twice linear, half quadratic
        if gt > limit or gm > limit:
            bad.append(name)
    os.unlink(empty)
    os.rmdir(d)
    if bad:
        print("FAIL: super-linear growth in " + ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
