# args: --sig 'smooth(float32[:], float32[:], int32, float32)'
"""A complete CuPy program: host code that pykc skips, around one cupyx.jit kernel.

Run it with CuPy:          python3 examples/cupy_program.py
Compile its kernel:        pykc cuda examples/cupy_program.py --sig 'smooth(float32[:], float32[:], int32, float32)'
The kernel has no annotations (CuPy types it from the launch's arguments), so pykc takes
its signature from --sig.
"""
import time

import cupy as cp
import numpy as np
from cupyx import jit

RADIUS = 2


@jit.rawkernel()
def smooth(x, out, n, weight):
    """Weighted moving average over a window of 2 * RADIUS + 1 points."""
    i = jit.grid(1)
    if i < n:
        acc = 0.0
        count = 0
        for k in range(-RADIUS, RADIUS + 1):
            j = i + k
            if 0 <= j and j < n:
                acc += x[j]
                count += 1
        out[i] = weight * acc / count + (1.0 - weight) * x[i]


class Timer:
    """Wall-clock timing of a block, synchronising the device at both ends."""

    def __init__(self, label):
        self.label = label
        self.elapsed = 0.0

    def __enter__(self):
        cp.cuda.Device().synchronize()
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        cp.cuda.Device().synchronize()
        self.elapsed = time.perf_counter() - self.start
        print(f'{self.label}: {self.elapsed * 1e3:.3f} ms')
        return False


def run(n, weight=0.5, block=128):
    rng = np.random.default_rng(0)
    host = rng.standard_normal(n).astype(np.float32)
    x = cp.asarray(host)
    out = cp.empty_like(x)
    grid = (n + block - 1) // block
    with Timer(f'smooth n={n}'):
        smooth((grid,), (block,), (x, out, np.int32(n), np.float32(weight)))
    result = cp.asnumpy(out)
    print(f'first values: {[round(float(v), 4) for v in result[:4]]}')
    return result


if __name__ == '__main__':
    sizes = [1000, 1 << 16]
    results = {n: run(n) for n in sizes}
    for n, r in results.items():
        print(f'n={n}: mean {r.mean():+.5f}')
