# run: --kernel jit_thrust_inner_product --grid 1 --block 128 a=@jit_thrust_inner_product.a.npy b=@jit_thrust_inner_product.b.npy c=zeros:float32:128
# check: c tol=1e-6
# input: a = rng.random((128, 160)).astype(np.float32)
# input: b = rng.random((128, 160)).astype(np.float32)
# CuPy 14.2's test_thrust.py test_inner_product: init 0. (float32); CuPy's rtol=1e-6 (nvcc may contract to FMA).
from __future__ import annotations

import cupy as cp
from cupyx import jit


@jit.rawkernel()
def jit_thrust_inner_product(a, b, c):
    i = jit.threadIdx.x
    c[i] = jit.thrust.inner_product(
        jit.thrust.device, a[i].begin(), a[i].end(),
        b[i].begin(), 0.)
