# args: -D unroll=5 -D dtype=float16 -D full_mask=0xffffffff --sig 'TestRaw.test_range.f(float32[::1])' --sig 'TestRaw.test_inf.f(float16[::1])' --sig 'TestRaw.test_shfl_down.f(float64[::1])'
# Kernels inside pytest test methods, as CuPy's tests/cupyx_tests/jit_tests/test_raw.py
# writes them: a parameter of the test without a default value (pytest supplies it), and a
# local of the test bound to what pykc cannot evaluate (full_mask), take the value --define
# gives their name; N, a constant local, is read as it is.
import numpy

import pytest

import cupy
from cupyx import jit
from cupy import testing


class TestRaw:

    @pytest.mark.parametrize('unroll', (True, False, None, 5))
    def test_range(self, unroll):

        @jit.rawkernel()
        def f(x):
            tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
            y = x[tid]
            if unroll == None:  # noqa: E711
                for i in jit.range(5):
                    y += 2
            else:
                for i in jit.range(5, unroll=unroll):
                    y += 2
            x[tid] = y

        x = testing.shaped_random((30,), dtype=numpy.float32, seed=0)
        f[3, 10](x)

    @testing.for_dtypes("efdFD")
    def test_inf(self, dtype):
        @jit.rawkernel()
        def f(x):
            tid = jit.threadIdx.x + jit.blockDim.x * jit.blockIdx.x
            x[tid] = cupy.dtype(dtype).type(cupy.inf)

        x = cupy.zeros((30), dtype=dtype)
        f((5,), (6,), (x,))

    def test_shfl_down(self):
        N = 5
        block = cupy._core._get_warpsize()
        full_mask = cupy._core._full_mask()

        @jit.rawkernel()
        def f(a):
            value = jit.shfl_down_sync(full_mask, a[jit.threadIdx.x], N)
            a[jit.threadIdx.x] = value

        a = cupy.arange(block, dtype=numpy.float64)
        f[1, block](a)
