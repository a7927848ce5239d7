#!/usr/bin/env python3
"""Writes the front-end timing inputs of issues 7 and 11 into a folder (default .):
  scopes5000.py  ~5,000 lines of host code with ten kernels, five as @staticmethod in
                 classes and five in factory functions (constant locals, defaults)
  host50mb.py    a 50 MB host file with one kernel
Time them with `perf stat -r 30 -e task-clock build/pykc check FILE` (CPU time,
process start included; compare examples/saxpy.py in the same run)."""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else '.'
H = "import cupy as cp\nfrom cupyx import jit\n\n"
parts = [H]
for j in range(10):
    parts.append("".join("def h%d_%d(a, b=2):\n    c = [a, b] * 3\n    return {'k': c}\n\n" % (j, i)
                         for i in range(120)))
    if j % 2:
        parts.append("class C%d:\n    N = 4\n\n    @staticmethod\n    @jit.rawkernel()\n"
                     "    def k(x: cp.float32[:], n: cp.int32):\n        i = jit.grid(1)\n"
                     "        if i < n:\n            x[i] = x[i] * 2.0 + %d\n\n" % (j, j))
    else:
        parts.append("def make%d(s=3):\n    M = s * 2\n\n    @jit.rawkernel()\n"
                     "    def k(x: cp.float32[:], n: cp.int32):\n        i = jit.grid(1)\n"
                     "        if i < n:\n            x[i] = x[i] * M + %d\n\n    return k\n\n" % (j, j))
open(os.path.join(out, 'scopes5000.py'), 'w').write("".join(parts))
body = "".join("def host%d(a, b=2):\n    c = [a, b] * 3\n    if a:\n        print(f'{a!r}', c)\n"
               "    return {'k': c}\n\n" % i for i in range(520000))
open(os.path.join(out, 'host50mb.py'), 'w').write(H + body + "@jit.rawkernel()\n"
     "def k(x: cp.float32[:], n: cp.int32):\n    x[0] = 1.0\n")
