"""A complete CuPy program: the host code around the kernels is skipped."""
import math
import sys
from dataclasses import dataclass

import cupy as cp
import numpy as np
from cupyx import jit
from cupyx.jit import (threadIdx, blockIdx,
                       blockDim)

THREADS = 128
SCALE = 2.5
MASK = 0xFF_FF
HALF = -(1 << 4)
DTYPE = cp.float32
config = {"n": 1 << 20, "seed": 0}
sizes = [1, 2, 3]
label = f"run-{THREADS}"
out = cp.empty_like(sizes)
c = a @ b
t = *sizes, 4


@dataclass
class Settings:
    n: int = 1024

    @jit.rawkernel()
    def kernel_method(self):
        pass


def host_helper(x):
    with open("log.txt", "w") as f:
        f.write(f"{x!r:>10}")
    return {k: v for k, v in config.items()}


@jit.rawkernel()
def saxpy(a, x, y, out, n):
    """out = a * x + y over a grid-stride loop."""
    start = blockIdx.x * blockDim.x + threadIdx.x
    for i in range(start, n, blockDim.x * jit.gridDim.x):
        out[i] = a * x[i] + y[i]


@jit.rawkernel(device=True)
def clamp(v: cp.float32, lo, hi) -> cp.float32:
    return min(max(v, lo), hi)


@staticmethod
def other(x):
    return [x]


try:
    import cupyx.profiler
except ImportError:
    pass

if __name__ == '__main__':
    n = config["n"]
    x = cp.arange(n, dtype=cp.float32)
    saxpy[(n + THREADS - 1) // THREADS, THREADS](cp.float32(SCALE), x, x, out, cp.int32(n))
    print(f"max error: {float(cp.abs(out - 3.5 * x).max()):.3e}", file=sys.stderr)
    for i in range(3):
        print(i)
    else:
        pass
