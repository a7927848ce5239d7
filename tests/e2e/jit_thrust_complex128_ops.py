# run: --kernel jit_thrust_complex128_ops --grid 1 --block 32 x=@jit_thrust_complex128_ops.x.npy r=zeros:complex128:32x3 s=zeros:complex128:32x48 e=zeros:complex128:32x2x48 y=zeros:complex128:3x32x48 c=zeros:int32:32x6
# check: r s e y c tol=1e-5
# input: x = (lambda a: np.where(np.arange(48) % 7 == 1, a[:, 1:2], a))((rng.standard_normal((32, 48)) + 1j * rng.standard_normal((32, 48))).astype(np.complex128))
# pykc's case: thrust on complex128 elements (CuPy's thrust::complex<double>): reduce (from
# complex's 0, and from an init), inner_product, inclusive_scan, exclusive_scan (from
# complex<T>{} = 0, and from an element), copy, fill, reverse_copy, count and find (==: both
# parts; a float64 value is the complex with a zero imaginary part), equal and mismatch.
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_complex128_ops(x, r, s, e, y, c):
    i = jit.threadIdx.x
    lo, hi = x[i].begin(), x[i].end()
    r[i, 0] = jit.thrust.reduce(jit.thrust.seq, lo, hi)
    r[i, 1] = jit.thrust.reduce(jit.thrust.seq, lo, hi, cp.complex128(0.5 - 1j))
    r[i, 2] = jit.thrust.inner_product(jit.thrust.seq, lo, hi, lo, cp.complex128(0))
    jit.thrust.inclusive_scan(jit.thrust.seq, lo, hi, s[i].begin())
    jit.thrust.exclusive_scan(jit.thrust.seq, lo, hi, e[i, 0].begin())
    jit.thrust.exclusive_scan(jit.thrust.seq, lo, hi, e[i, 1].begin(), x[i][3])
    jit.thrust.copy(jit.thrust.seq, lo, hi, y[0, i].begin())
    jit.thrust.fill(jit.thrust.seq, y[1, i].begin(), y[1, i].end(), x[i][0])
    jit.thrust.reverse_copy(jit.thrust.seq, lo, hi, y[2, i].begin())
    c[i, 0] = jit.thrust.count(jit.thrust.seq, lo, hi, x[i][1])
    c[i, 1] = jit.thrust.find(jit.thrust.seq, lo, hi, x[i][8]) - lo
    c[i, 2] = jit.thrust.count(jit.thrust.seq, lo, hi, cp.float64(0))
    c[i, 3] = jit.thrust.equal(jit.thrust.seq, lo, hi, y[0, i].begin())
    c[i, 4] = jit.thrust.equal(jit.thrust.seq, lo, hi, y[2, i].begin())
    c[i, 5] = jit.thrust.mismatch(jit.thrust.seq, lo, hi, y[2, i].begin())[0] - lo
