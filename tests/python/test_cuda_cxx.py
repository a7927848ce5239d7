"""CUDA C++ as people write it, through the Python package on the CPU backend (NumPy
arrays): CuPy's CArray/CIndexer in RawModule code and in the kernel forms' preambles,
plain volatile spin waits, the C library's headers and half/bf16 math (issue 19, class 3).

    python3 tests/python/test_cuda_cxx.py        (after `make python`)
"""
from __future__ import annotations

import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy  # noqa: E402

import pykc  # noqa: E402

CARRAY = r'''
#include <cupy/carray.cuh>
extern "C" __global__ void transpose(const CArray<float, 2, true> a, CArray<float, 2> out) {
  CUPY_FOR(i, out.size()) {
    CIndexer<2> ind(out.shape());
    ind.set(i);
    ptrdiff_t src[2] = {ind.get()[1], ind.get()[0]};
    out[ind.get()] = a[src] * 2.0f + (float)a.strides()[0];
  }
}
'''


class TestCArray(unittest.TestCase):
    def test_rawmodule_carray_params(self):
        a = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
        out = numpy.zeros((4, 3), numpy.float32)
        k = pykc.RawModule(code=CARRAY).get_function("transpose")
        k((1,), (32,), (a, out))
        numpy.testing.assert_array_equal(out, a.T * 2 + 16)

    def test_rawmodule_carray_wrong_ndim(self):
        k = pykc.RawModule(code=CARRAY).get_function("transpose")
        a = numpy.zeros(12, numpy.float32)
        out = numpy.zeros((4, 3), numpy.float32)
        with self.assertRaisesRegex(Exception, r"argument 'a': expected float32\[:, :\]"):
            k((1,), (32,), (a, out))

    def test_elementwise_preamble_exact_type(self):
        # CuPy types a contiguous float32 raw array under 2 GiB CArray<float, 1, 1, 1>
        k = pykc.ElementwiseKernel(
            'raw float32 tab, int32 x', 'float32 y',
            'y = lookup(tab, x)', 'carray_exact_py',
            preamble='__device__ float lookup(const CArray<float, 1, true, true> &t, int k)'
                     ' { return t[k] * 2.0f + (float)t.size(); }')
        tab = numpy.arange(8, dtype=numpy.float32)
        x = numpy.array([0, 3, 7], numpy.int32)
        numpy.testing.assert_array_equal(k(tab, x), tab[x] * 2 + 8)

    def test_reduction_preamble_template(self):
        k = pykc.ReductionKernel(
            'T x, raw T w', 'T y', 'x * wget(w, _J)', 'a + b', 'y = a', '0', 'wsum_py',
            preamble='template <typename T, int N, bool C, bool I> __device__ T '
                     'wget(const CArray<T, N, C, I> &w, ptrdiff_t j) { return w[j % w.size()]; }')
        x = numpy.arange(12, dtype=numpy.float64).reshape(6, 2)
        w = numpy.array([1.0, -1.0, 0.5], numpy.float64)
        want = [(x[:, c] * w[numpy.arange(6) % 3]).sum() for c in range(2)]
        numpy.testing.assert_allclose(k(x, w, axis=0), want)


class TestCuPyCArray(unittest.TestCase):
    """CuPy 14.2's tests/cupy_tests/core_tests/test_carray.py, TestCArray (NumPy arrays;
    TestCArray32BitBoundary needs 8 GiB of GPU memory and CuPy's own reductions)."""

    def test_size(self):
        x = numpy.arange(3).astype('i')
        y = pykc.ElementwiseKernel(
            'raw int32 x', 'int32 y', 'y = x.size()', 'test_carray_size',
        )(x, size=1)
        assert int(y[0]) == 3

    def test_shape(self):
        x = numpy.arange(6).reshape((2, 3)).astype('i')
        y = pykc.ElementwiseKernel(
            'raw int32 x', 'int32 y', 'y = x.shape()[i]', 'test_carray_shape',
        )(x, size=2)
        numpy.testing.assert_array_equal(y, (2, 3))

    def test_strides(self):
        x = numpy.arange(6).reshape((2, 3)).astype('i')
        y = pykc.ElementwiseKernel(
            'raw int32 x', 'int32 y', 'y = x.strides()[i]',
            'test_carray_strides',
        )(x, size=2)
        numpy.testing.assert_array_equal(y, (12, 4))

    def test_getitem_int(self):
        x = numpy.arange(24).reshape((2, 3, 4)).astype('i')
        y = numpy.empty_like(x)
        y = pykc.ElementwiseKernel(
            'raw T x', 'int32 y', 'y = x[i]', 'test_carray_getitem_int',
        )(x, y)
        numpy.testing.assert_array_equal(y, x)

    def test_getitem_idx(self):
        x = numpy.arange(24).reshape((2, 3, 4)).astype('i')
        y = numpy.empty_like(x)
        y = pykc.ElementwiseKernel(
            'raw T x', 'int32 y',
            'ptrdiff_t idx[] = {i / 12, i / 4 % 3, i % 4}; y = x[idx]',
            'test_carray_getitem_idx',
        )(x, y)
        numpy.testing.assert_array_equal(y, x)

    def test_getitem_int_strided(self):
        # (pykc's: a raw view that is not C-contiguous, CArray<int, 2, 0, 1>)
        x = numpy.arange(24).reshape((4, 6)).astype('i')[:, ::2]
        y = pykc.ElementwiseKernel(
            'raw T x', 'int32 y', 'y = x[i]', 'test_carray_getitem_strided',
        )(x, size=12)
        numpy.testing.assert_array_equal(y, x.reshape(-1))


SPIN = r'''
extern "C" __global__ void relay(volatile int *flags, long long *out) {
  unsigned b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  if (b + 1 < gridDim.x)
    while (flags[b + 1] == 0)
      ;
  flags[b] = flags[b + 1 < gridDim.x ? b + 1 : b] + 1;
  out[b] = flags[b];
}
'''


class TestVolatileSpin(unittest.TestCase):
    def test_blocks_wait_in_reverse_order(self):
        flags = numpy.zeros(8, numpy.int32)
        out = numpy.zeros(8, numpy.int64)
        pykc.RawKernel(SPIN, "relay")((8,), (32,), (flags, out))
        numpy.testing.assert_array_equal(out, numpy.arange(8, 0, -1))


HEADERS = r'''
#include <cstdint>
#include <climits>
#include <cmath>
#include <iostream>
#include <cuda_bf16.h>
extern "C" __global__ void k(int64_t *o, float *f) {
  o[0] = INT_MAX;
  o[1] = INT64_MIN;
  f[0] = (float)M_PI;
  f[1] = __bfloat162float(hexp2(__float2bfloat16(3.0f)));
  f[2] = __half2float(hlog10(__float2half(1000.0f)));
}
'''


class TestHeaders(unittest.TestCase):
    def test_c_library_headers_and_16_bit_math(self):
        o = numpy.zeros(2, numpy.int64)
        f = numpy.zeros(3, numpy.float32)
        pykc.RawKernel(HEADERS, "k")((1,), (1,), (o, f))
        self.assertEqual(list(o), [2**31 - 1, -2**63])
        numpy.testing.assert_array_equal(f, numpy.array([numpy.pi, 8.0, 3.0], numpy.float32))


if __name__ == "__main__":
    unittest.main()
