# run: --kernel magnitude --grid 16 --block 256 z=@complex_magnitude.z.npy out=zeros:float64:4096
# check: out tol=1e-15
# input: z = (rng.standard_normal(4096) + 1j * rng.standard_normal(4096)).astype(np.complex128)
"""Complex magnitude |z|^2 = re^2 + im^2 over a complex128 array, in one pass.

CuPy's `cp.abs(z) ** 2` computes hypot and squares it through an intermediate array;
this kernel reads each complex value once and writes one float64 (16 bytes read, 8
written per element), so it runs at the device's memory bandwidth. z.real and z.imag
are NumPy's scalar attributes, which pykc supports (cupyx.jit does not).

    pykc run examples/complex_magnitude.py --kernel magnitude --grid 16 --block 256 \
        z=@z.npy out=zeros:float64:4096 --print out
"""
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def magnitude(z: cp.complex128[:], out: cp.float64[:]):
    for i in range(jit.grid(1), z.size, jit.gridsize(1)):
        v = z[i]
        out[i] = v.real * v.real + v.imag * v.imag


if __name__ == "__main__":
    z = cp.random.standard_normal(1 << 20) + 1j * cp.random.standard_normal(1 << 20)
    out = cp.empty(z.size, dtype=cp.float64)
    magnitude((1024,), (256,), (z, out))
    assert cp.allclose(out, cp.abs(z) ** 2)
