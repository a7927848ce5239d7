# Every complex helper on both widths (CUDA text compiled by NVRTC in the golden run):
# literals, casts both ways, arithmetic, comparisons, parts, math, shared and local
# memory, tuples and device-function arguments and returns, print.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel(device=True)
def rotate(z, k):
    return z * 1j, k + 1


@jit.rawkernel()
def ops(z: cp.complex128[:], w: cp.complex64[:, :], f: cp.float32[:], s: cp.complex64,
        o: cp.complex128[:], p: cp.complex64[:], r: cp.float64[:], q: cp.float32[:]):
    i = jit.grid(1)
    sh = jit.shared_memory(cp.complex128, 64)
    lm = jit.local_memory(cp.complex64, 4)
    a = z[i]
    c = w[i, 0]
    sh[jit.threadIdx.x] = a
    lm[0] = c
    jit.syncthreads()
    b, n = rotate(sh[0], i)
    o[i] = (a + b - a * b / (a + 2.5)) ** s + cp.exp(a) + cp.log(a) + cp.log10(a)
    o[i] += cp.sqrt(a) + cp.sin(a) + cp.cos(a) + cp.tan(a) + cp.sinh(a) + cp.cosh(a)
    o[i] += cp.arcsin(a) + cp.arccos(a) + cp.arctan(a) + cp.arcsinh(a) + cp.arccosh(a)
    o[i] += cp.arctanh(a) + cp.tanh(a) + cp.conj(a) + a.conj() + cp.complex128(f[i]) + -a + (1 + 2j) * 3
    p[i] = (c + f[i] - lm[0] * s / c) ** 2.5 + cp.exp(c) + cp.log(c) + cp.log10(c)
    p[i] += cp.sqrt(c) + cp.sin(c) + cp.cos(c) + cp.tan(c) + cp.sinh(c) + cp.cosh(c)
    p[i] += cp.arcsin(c) + cp.arccos(c) + cp.arctan(c) + cp.arcsinh(c) + cp.arccosh(c)
    p[i] += cp.arctanh(c) + cp.tanh(c) + cp.conjugate(c) + cp.complex64(a) + complex(f[i], 1.0) - c
    r[i] = abs(a) + cp.abs(a) + cp.angle(a) + a.real + cp.imag(a) + cp.float64(a)
    q[i] = abs(c) + cp.absolute(c) + cp.angle(c) + c.imag + cp.real(c) + n
    if cp.isnan(a) or cp.isinf(c) or not cp.isfinite(a) or a == c or c != s:
        print("a =", a, "c =", c)
