"""CuPy 14.2's own tests of ElementwiseKernel and ReductionKernel, ported to pykc's
package (NumPy arrays on the CPU backend, no GPU; NumPy computes every expected value).

    python3 tests/python/test_cupy_forms.py        (after `make python`)

Sources: cupy tests/cupy_tests/core_tests/test_userkernel.py, test_elementwise.py and
test_reduction.py. Each test keeps CuPy's name and body, with `cupy.ElementwiseKernel` /
`cupy.ReductionKernel` pykc's, `cupy.array`/`testing.shaped_*` NumPy's, and pytest's
`raises(match=)` unittest's assertRaisesRegex (CuPy's `^` anchors kept: pykc's messages
start with CuPy's text). What a kernel form cannot express (`_core.elementwise_copy`,
`_core.create_reduction_func`, ufunc promotion, multi-GPU copies, CUB) is left out, and
CuPy's texture objects need a GPU (the CPU backend refuses them: test_cupy_raw.py's
TestRawHandles); the report of issue 19 counts both.
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

AxisError = getattr(numpy, "exceptions", numpy).AxisError

# cupy.testing.for_all_dtypes: the 14 dtypes CuPy tests
ALL_DTYPES = (numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8,
              numpy.uint16, numpy.uint32, numpy.uint64, numpy.float16, numpy.float32,
              numpy.float64, numpy.complex64, numpy.complex128)


def shaped_arange(shape, dtype=numpy.float32):
    """cupy.testing.shaped_arange: 1, 2, ... (bool: alternating), reshaped."""
    dtype = numpy.dtype(dtype)
    a = numpy.arange(1, int(numpy.prod(shape)) + 1, 1)
    if dtype == numpy.bool_:
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    return numpy.array(a.astype(dtype).reshape(shape))


def shaped_random(shape, dtype, seed=0):
    """cupy.testing.shaped_random for int8 ('b'): values in [0, 10)."""
    return numpy.random.RandomState(seed).randint(0, 10, size=shape).astype(dtype)


class TestUserkernel(unittest.TestCase):

    def test_manual_indexing(self, n=100):
        rng = numpy.random.default_rng(1)
        in1 = rng.uniform(-1, 1, n).astype(numpy.float32)
        in2 = rng.uniform(-1, 1, n).astype(numpy.float32)
        uesr_kernel_1 = pykc.ElementwiseKernel(
            'T x, T y',
            'T z',
            '''
                z = x + y;
            ''',
            'uesr_kernel_1')
        out1 = uesr_kernel_1(in1, in2)

        uesr_kernel_2 = pykc.ElementwiseKernel(
            'raw T x, raw T y',
            'raw T z',
            '''
                z[i] = x[i] + y[i];
            ''',
            'uesr_kernel_2')
        out2 = uesr_kernel_2(in1, in2, size=n)

        numpy.testing.assert_array_equal(out1, out2)
        numpy.testing.assert_array_equal(out1, in1 + in2)

    def test_python_scalar(self):
        for typ in (int, float, bool):
            dtype = numpy.dtype(typ).type
            in1 = numpy.random.randint(0, 1, (4, 5)).astype(dtype)
            scalar_value = typ(2)
            uesr_kernel_1 = pykc.ElementwiseKernel(
                'T x, T y',
                'T z',
                '''
                    z = x + y;
                ''',
                'uesr_kernel_1')
            out1 = uesr_kernel_1(in1, scalar_value)

            expected = in1 + dtype(2)
            numpy.testing.assert_array_equal(out1, expected)

    def test_numpy_scalar(self):
        for dtype in ALL_DTYPES:
            with self.subTest(dtype=dtype):
                in1 = numpy.random.randint(0, 1, (4, 5)).astype(dtype)
                scalar_value = dtype(2)
                uesr_kernel_1 = pykc.ElementwiseKernel(
                    'T x, T y',
                    'T z',
                    '''
                        z = x + y;
                    ''',
                    'uesr_kernel_1')
                out1 = uesr_kernel_1(in1, scalar_value)

                expected = in1 + dtype(2)
                numpy.testing.assert_array_equal(out1, expected)


class TestElementwiseKernelSize(unittest.TestCase):
    # Tests to check whether size argument raises ValueError correctly
    # depending on the raw specifiers of a user kernel.

    def setUp(self):
        self.arr1 = numpy.array([1, 2], dtype='float32')
        self.arr2 = numpy.array([3, 4], dtype='float32')

    def raises_size_not_allowed(self):
        return self.assertRaisesRegex(ValueError, r"^Specified 'size' can")

    def raises_size_required(self):
        return self.assertRaisesRegex(ValueError, r'^Loop size is undecided\.')

    def create_kernel(self, input_raw, output_raw):
        # Creates a no-op kernel with given parameter specification.
        # input_raw and output_raw are tuples of True/False whose
        # corresponding parameter will be designated as 'raw' if True.
        input_types = (
            ', '.join([
                '{}float32 x{}'.format(
                    ('raw ' if raw else ''), i)
                for i, raw in enumerate(input_raw)]))
        output_types = (
            ', '.join([
                '{}float32 y{}'.format(
                    ('raw ' if raw else ''), i)
                for i, raw in enumerate(output_raw)]))
        return pykc.ElementwiseKernel(input_types, output_types, '', 'kernel')

    def test_all_raws(self):
        # Input arrays are all raw -> size required
        kernel1 = self.create_kernel((True, True), (False,))
        kernel1(self.arr1, self.arr2, size=2)
        with self.raises_size_required():
            kernel1(self.arr1, self.arr2)
        kernel2 = self.create_kernel((True, True), (True,))
        kernel2(self.arr1, self.arr2, size=2)
        with self.raises_size_required():
            kernel2(self.arr1, self.arr2)

    def test_all_nonraws(self):
        # All arrays are not raw -> size not allowed
        kernel1 = self.create_kernel((False, False), (False,))
        with self.raises_size_not_allowed():
            kernel1(self.arr1, self.arr2, size=2)
        kernel2 = self.create_kernel((False, False), (True,))
        with self.raises_size_not_allowed():
            kernel2(self.arr1, self.arr2, size=2)

    def test_some_nonraws(self):
        # Some arrays are not raw -> size not allowed
        kernel1 = self.create_kernel((True, False), (False,))
        with self.raises_size_not_allowed():
            kernel1(self.arr1, self.arr2, size=2)
        kernel2 = self.create_kernel((False, True), (False,))
        with self.raises_size_not_allowed():
            kernel2(self.arr1, self.arr2, size=2)
        kernel3 = self.create_kernel((True, False), (True,))
        with self.raises_size_not_allowed():
            kernel3(self.arr1, self.arr2, size=2)
        kernel4 = self.create_kernel((False, True), (True,))
        with self.raises_size_not_allowed():
            kernel4(self.arr1, self.arr2, size=2)

    def test_scalars_and_nonraws(self):
        # Combination of scalars and non-raw arrays -> size not allowed
        kernel1 = self.create_kernel((False, False), (False,))
        with self.raises_size_not_allowed():
            kernel1(self.arr1, 7, size=2)
        kernel2 = self.create_kernel((False, False), (False,))
        with self.raises_size_not_allowed():
            kernel2(7, self.arr1, size=2)
        kernel3 = self.create_kernel((False, False), (True,))
        with self.raises_size_not_allowed():
            kernel3(self.arr1, 7, size=2)
        kernel4 = self.create_kernel((False, False), (True,))
        with self.raises_size_not_allowed():
            kernel4(7, self.arr1, size=2)

    def test_scalars_and_raws_and_nonraws(self):
        # Combination of scalars and raw arrays and non-raw arrays
        #                                                   -> size not allowed
        kernel1 = self.create_kernel((False, False, True), (False,))
        with self.raises_size_not_allowed():
            kernel1(self.arr1, 7, self.arr2, size=2)
        kernel2 = self.create_kernel((False, False, True), (True,))
        with self.raises_size_not_allowed():
            kernel2(self.arr1, 7, self.arr2, size=2)

    def test_scalars_and_raws(self):
        # Combination of scalars and raw arrays -> size required
        kernel1 = self.create_kernel((True, False), (False,))
        kernel1(self.arr1, 7, size=2)
        with self.raises_size_required():
            kernel1(self.arr1, 7)
        kernel2 = self.create_kernel((False, True), (False,))
        kernel2(7, self.arr1, size=2)
        with self.raises_size_required():
            kernel2(7, self.arr1)
        kernel3 = self.create_kernel((True, False), (True,))
        kernel3(self.arr1, 7, size=2)
        with self.raises_size_required():
            kernel3(self.arr1, 7)
        kernel4 = self.create_kernel((False, True), (True,))
        kernel4(7, self.arr1, size=2)
        with self.raises_size_required():
            kernel4(7, self.arr1)

    def test_size_determined_by_output(self):
        # All the input args are unsized, but the size can be determined by the
        # output arg. size argument is not allowed.

        # Raw input
        kernel1 = self.create_kernel((True,), (False,))
        kernel1(self.arr1, self.arr2)
        with self.raises_size_not_allowed():
            kernel1(self.arr1, self.arr2, size=2)

        # Scalar input
        kernel2 = self.create_kernel((False,), (False,))
        kernel2(self.arr1, self.arr2)
        with self.raises_size_not_allowed():
            kernel2(7, self.arr2, size=2)

        # No input
        kernel3 = self.create_kernel((), (False,))
        kernel3(self.arr1)
        with self.raises_size_not_allowed():
            kernel3(self.arr1, size=2)

    def test_no_input_and_raw_output(self):
        # No input and the given output is raw -> size required
        kernel1 = self.create_kernel((), (True,))
        kernel1(self.arr1, size=2)
        with self.raises_size_required():
            kernel1(self.arr1)


class TestRealPrograms(unittest.TestCase):
    """Kernel forms as published programs write them (issue 19's long tail)."""

    def test_operation_return_ends_one_element(self):
        # CuPy's early histogram: `return` in the operation. CuPy launches a thread per
        # element, so it skips one element; pykc's grid-stride loop goes on to the next.
        x = numpy.random.default_rng(6).random(3000) * 12 - 1
        bins = numpy.linspace(0, 10, 11)
        y = numpy.zeros(10, dtype=numpy.int32)
        pykc.ElementwiseKernel('S x, raw T bins, int32 n_bins', 'raw int32 y', '''
            if (x < bins[0] or bins[n_bins - 1] < x) {
                return;
            }
            int high = n_bins - 1;
            int low = 0;
            while (high - low > 1) {
                int mid = (high + low) / 2;
                if (bins[mid] <= x) { low = mid; } else { high = mid; }
            }
            atomicAdd(&y[low], 1);
            ''')(x, bins, bins.size, y)
        numpy.testing.assert_array_equal(y, numpy.histogram(x, bins)[0])


    def test_preamble_includes_cupy_headers(self):
        # cupyx.scipy.ndimage's preamble (cuda_workaround.h, float16.cuh, math_constants.h)
        # and cupyx.scipy.special's (<cupy/xsf/...>), each twice, with atomics.cuh: float16
        # is CuPy's class there (arithmetic through float), atomicAdd of it, xsf::digamma.
        pre = ('#include <cupy/cuda_workaround.h>\n#include <cupy/float16.cuh>\n'
               '#include <cupy/math_constants.h>\n#include <cupy/atomics.cuh>\n') * 2
        x = numpy.arange(-8, 8, dtype=numpy.float16)
        acc = numpy.zeros(2, dtype=numpy.float16)
        y = numpy.empty_like(x)
        pykc.ElementwiseKernel('float16 x', 'float16 y, raw float16 acc', '''
            y = x * x + float16(0.5f) + (isinf(CUDART_INF_F) ? 0 : 1);
            atomicAdd(&acc[0], float16(1.0f));
            if (x > float16(0.0f)) atomicAdd(&acc[1], x);
            ''', 'ndimage_like', preamble=pre)(x, y, acc)
        numpy.testing.assert_array_equal(y, x.astype(numpy.float32) ** 2 + 0.5)
        numpy.testing.assert_array_equal(acc, [16, 28])
        pre = '#include <cupy/xsf/digamma.h>\n#include <cupy/xsf/digamma.h>\n'
        v = numpy.linspace(0.5, 4, 8)
        k = pykc.ElementwiseKernel('float64 v', 'float64 d',
                                   'd = xsf::digamma(v + 1.0) - xsf::digamma(v)', 'dg',
                                   preamble=pre)
        numpy.testing.assert_allclose(k(v), 1 / v, rtol=1e-13)

    def test_fmad_false_rounds_twice(self):
        # A PDHG solver's update kernels pass options=("--fmad=false",) to keep a * b + c
        # two roundings: on the CPU backend too (its default contracts, as NVRTC's).
        # (1 + 2**-27)**2 rounds to 1 + 2**-26 (the fused result keeps 2**-54).
        a = numpy.full(3, 1 + 2.0 ** -27)
        args = ('float64 a, float64 b, float64 c', 'float64 z', 'z = a * b + c')
        k = pykc.ElementwiseKernel(*args, 'twice_rounded', options=('--fmad=false',))
        numpy.testing.assert_array_equal(k(a, a, -(1 + 2.0 ** -26)), numpy.zeros(3))
        k = pykc.ElementwiseKernel(*args, 'twice_rounded2', options=('-fmad', 'false'))
        numpy.testing.assert_array_equal(k(a, a, -(1 + 2.0 ** -26)), numpy.zeros(3))
        with self.assertRaisesRegex(pykc.CompileError, "'maybe' is not one of its values"):
            pykc.ElementwiseKernel('float64 a', 'float64 z', 'z = a', 'bad',
                                   options=('--fmad=maybe',))(a)


class TestUserkernelScalar(unittest.TestCase):
    # testing.parameterize(value=[-1, 2 ** 32, 2 ** 63 - 1, -(2 ** 63)]) x for_all_dtypes

    def test_scalar(self):
        kernel = pykc.ElementwiseKernel('T x, T y', 'T z', 'z = x + y')
        for value in (-1, 2 ** 32, 2 ** 63 - 1, -(2 ** 63)):
            for dtype in ALL_DTYPES:
                with self.subTest(value=value, dtype=dtype):
                    x = shaped_arange((2, 3, 4), dtype)
                    with numpy.errstate(all="ignore"):
                        y = numpy.array(value).astype(dtype)[()]
                        want = x + y
                    numpy.testing.assert_array_equal(kernel(x, y), want)


class TestUserkernelManualBlockSize(unittest.TestCase):

    def test_invalid_block_size(self):
        x = shaped_arange((2, 3, 4), numpy.float32)
        kernel = pykc.ElementwiseKernel('T x, T y', 'T z', 'z = x + y')
        with self.assertRaises(ValueError):
            kernel(x, 1, block_size=0)

    def test_block_size(self):
        x = shaped_arange((2, 3, 4), numpy.float32)
        kernel = pykc.ElementwiseKernel('T x, T y', 'T z', 'z = x + y')
        y = kernel(x, 1, block_size=1)
        numpy.testing.assert_array_equal(y, x + 1)


class TestElementwiseInvalidShape(unittest.TestCase):

    def test_invalid_shape(self):
        with self.assertRaisesRegex(ValueError, 'Out shape is mismatched'):
            f = pykc.ElementwiseKernel('T x', 'T y', 'y += x')
            x = numpy.arange(12).reshape(3, 4)
            y = numpy.arange(4)
            f(x, y)


class TestElementwiseInvalidArgument(unittest.TestCase):

    def test_invalid_kernel_name(self):
        with self.assertRaisesRegex(ValueError, 'Invalid kernel name'):   # CuPy's class,
            pykc.ElementwiseKernel('T x', '', '', '1')                  # pykc's diagnostic
        with self.assertRaisesRegex(pykc.CompileError, 'Invalid kernel name: "1"'):
            pykc.ElementwiseKernel('T x', '', '', '1')


def my_sum():
    return pykc.ReductionKernel('T x', 'T out', 'x', 'a + b', 'out = a', '0', 'my_sum')


class ReductionKernelTestBase:
    """check_int8_sum of CuPy's AbstractReductionTestBase: int8 sums (wrapping), NumPy's
    a.sum(dtype='b') the reference."""

    def check_int8_sum(self, shape, axis=None, keepdims=False, trans=None):
        a = shaped_random(shape, numpy.int8)
        if trans:
            a = a.transpose(*trans)
        got = my_sum()(a, axis=axis, keepdims=keepdims)
        want = a.sum(axis=axis, keepdims=keepdims, dtype='b')
        self.assertEqual(numpy.shape(got), want.shape)
        numpy.testing.assert_array_equal(got, want)


class TestReductionKernel(ReductionKernelTestBase, unittest.TestCase):

    def test_shape1(self):
        for i in range(1, 10):
            self.check_int8_sum((2 ** i,))
            self.check_int8_sum((2 ** i - 1,))
            self.check_int8_sum((2 ** i + 1,))

    def test_shape2(self):
        for i in range(1, 10):
            self.check_int8_sum((2 ** i, 1000), axis=0)
            self.check_int8_sum((2 ** i - 1, 1000), axis=0)
            self.check_int8_sum((2 ** i + 1, 1000), axis=0)

    def test_shape3(self):
        for i in range(1, 10):
            self.check_int8_sum((2 ** i, 1000), axis=1)
            self.check_int8_sum((2 ** i - 1, 1000), axis=1)
            self.check_int8_sum((2 ** i + 1, 1000), axis=1)

    def test_shape4(self):
        self.check_int8_sum((512, 256 * 256), axis=0)
        self.check_int8_sum((512, 256 * 256), axis=1)
        self.check_int8_sum((512 + 1, 256 * 256 + 1), axis=0)
        self.check_int8_sum((512 + 1, 256 * 256 + 1), axis=1)


class TestReductionKernelNonContiguous(ReductionKernelTestBase, unittest.TestCase):
    # testing.parameterize(*_noncontiguous_params)

    def test_noncontiguous(self):
        for shape, trans, axis in (((2, 4, 3), (2, 1, 0), (0, 1)),
                                   ((2, 4, 5, 3), (3, 2, 1, 0), (1, 2)),
                                   ((2, 4, 3), (2, 1, 0), (1, 2)),
                                   ((0, 4, 3), (2, 1, 0), (0, 1)),
                                   ((2, 4, 3), (2, 1, 0), (0, 1, 2))):
            with self.subTest(shape=shape, axis=axis):
                self.check_int8_sum(shape, trans=trans, axis=axis)


class TestReductionKernelInvalidArgument(unittest.TestCase):

    def test_invalid_kernel_name(self):
        with self.assertRaisesRegex(ValueError, 'Invalid kernel name'):
            pykc.ReductionKernel(
                'T x', 'T y', 'x', 'a + b', 'y = a', '0', name='1')


class TestCachedCode(unittest.TestCase):
    """CuPy's TestUserkernel.test_cached_code and TestReductionKernelCachedCode: one code
    per tuple of the array arguments' dtypes, none before the first call."""

    def test_cached_code(self):
        rs = numpy.random.RandomState(0)
        in1 = rs.uniform(-1, 1, 100).astype(numpy.float32)
        in2 = rs.uniform(-1, 1, 100).astype(numpy.float32)
        user_kernel_1 = pykc.ElementwiseKernel(
            'T x, T y',
            'T z',
            '''
                z = x + y;
            ''',
            'uesr_kernel_1')
        assert len(user_kernel_1._cached_codes) == 0
        user_kernel_1(in1, in2)
        assert len(user_kernel_1._cached_codes) == 1
        user_kernel_1(in1, in2)
        assert len(user_kernel_1._cached_codes) == 1
        user_kernel_1(in1.astype(numpy.float64), in2.astype(numpy.float64))
        assert len(user_kernel_1._cached_codes) == 2
        key = (numpy.dtype('float64'),) * 3
        self.assertIn('z = x + y;', user_kernel_1.cached_codes[key])
        self.assertIn('typedef double T;', user_kernel_1._cached_codes[key])

    def test_reduction_cached_code(self):
        kernel = pykc.ReductionKernel(
            'T x', 'T y', 'x', 'a + b', 'y = a', '0', name='cached_code')
        assert len(kernel._cached_codes) == 0
        with self.assertWarnsRegex(UserWarning, 'No codes are cached'):
            self.assertEqual(kernel.cached_codes, {})
        x = numpy.arange(10)
        kernel(x)
        assert len(kernel._cached_codes) == 1
        kernel(x)
        assert len(kernel._cached_codes) == 1
        kernel(x.astype(numpy.float32))
        assert len(kernel._cached_codes) == 2


class TestLargeMultiDimReduction(ReductionKernelTestBase, unittest.TestCase):

    def test_large_dims_keep_kernels(self):
        shape = (4, 3, 2, 4, 3, 2, 2)
        axis = (1, 4, 3, 6)
        self.check_int8_sum(shape, axis=axis, keepdims=True)


class TestReductionKernelInvalidAxis(unittest.TestCase):
    # TestSimpleReductionFunctionInvalidAxis, with a ReductionKernel's axis=

    def test_axis_overrun(self):
        for axis in (2, (-3,), (0, 7)):
            with self.subTest(axis=axis), self.assertRaises(AxisError):
                my_sum()(numpy.ones((2, 2)), axis=axis)

    def test_axis_repeated(self):
        for axis in ((1, 1), (0, -2)):
            with self.subTest(axis=axis), self.assertRaises(ValueError):
                my_sum()(numpy.ones((2, 2)), axis=axis)


class LoopSizeRules(unittest.TestCase):
    """Not CuPy's tests: the size= and loop-size decisions of _kernel.pyx and
    _reduction.pyx (issue 19 §1) with the values they compute, NumPy the reference."""

    def test_size_with_scalars(self):
        k = pykc.ElementwiseKernel('raw T x, raw int32 idx, T a', 'raw T y',
                                   'y[idx[i]] = x[i] * a', 'scatter_scaled')
        x = numpy.linspace(-1, 1, 6).astype(numpy.float32)
        idx = numpy.array([4, 0, 5, 2], dtype=numpy.int32)
        y = numpy.zeros(6, numpy.float32)
        k(x, idx, numpy.float32(2.5), y, size=4)
        want = numpy.zeros(6, numpy.float32)
        want[idx] = x[:4] * numpy.float32(2.5)
        numpy.testing.assert_array_equal(y, want)

    def test_size_without_arrays(self):
        k = pykc.ElementwiseKernel('int32 a, float64 b', 'float64 y, raw int64 z',
                                   'y = a * (double)i + b; z[i] = i * i', 'ramp')
        y, z = k(3, 0.5, size=7)                     # both outputs allocated (size,)
        self.assertEqual((y.shape, z.shape), ((7,), (7,)))
        numpy.testing.assert_array_equal(y, 3 * numpy.arange(7.0) + 0.5)
        numpy.testing.assert_array_equal(z, numpy.arange(7) ** 2)
        self.assertEqual(k(3, 0.5, size=0)[0].shape, (0,))
        with self.assertRaisesRegex(ValueError, r"Loop size is undecided\."):
            k(3, 0.5)

    def test_nonraw_output_takes_size(self):
        k = pykc.ElementwiseKernel('raw T x', 'T y', 'y = x[2 * i] + x[2 * i + 1]', 'pairs')
        x = numpy.arange(12, dtype=numpy.float64) / 3
        numpy.testing.assert_array_equal(k(x, size=6), x[0::2] + x[1::2])
        with self.assertRaisesRegex(ValueError, "Specified 'size' can be used only"):
            k(x, numpy.zeros(6), size=6)             # a given non-raw output

    def test_reduction_loop_size(self):
        r = pykc.ReductionKernel('raw T x, T z', 'T y', 'x[0] + z', 'a + b', 'y = a', '0',
                                 'rawsum')
        x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3) + 1
        self.assertEqual(float(r(x, x)), float(6 * x[0, 0] + x.sum()))
        numpy.testing.assert_array_equal(r(x, x, axis=0), 2 * x[0, 0] + x.sum(0))
        with self.assertRaisesRegex(ValueError, r"Loop size is undecided\."):
            r(x, numpy.float32(1))                   # no non-raw input
        with self.assertRaisesRegex(NotImplementedError, "Illegal conditions"):
            r(x, x, axis=1)                          # raw parameters, axes permuted
        out = pykc.ReductionKernel('T x', 'raw T y', 'x', 'a + b', 'y[0] = a', '0', 'rawout')
        with self.assertRaisesRegex(ValueError, "Output array size is Undecided"):
            out(x)
        y = numpy.zeros(1, numpy.float32)
        out(x, y)
        self.assertEqual(float(y[0]), float(x.sum()))


class FormsBuiltAtRunTime(unittest.TestCase):
    """Published programs' forms whose specs a factory builds from its arguments (f-strings,
    str.format): the package gets the final text. Checked with NumPy."""

    @staticmethod
    def dot_kernel(input_dtype_name, accum_dtype_name):
        # a Krylov solver's conjugate dot, widened before the product (reduce_type=)
        input_dtype, accum_dtype = numpy.dtype(input_dtype_name), numpy.dtype(accum_dtype_name)
        reduce_type = ("complex<double>" if accum_dtype == numpy.dtype(numpy.complex128)
                       else "complex<float>")
        return pykc.ReductionKernel(
            f"{input_dtype.name} x, {input_dtype.name} y", f"{accum_dtype.name} z",
            f"conj(({reduce_type})x) * ({reduce_type})y", "a + b", "z = a", "0",
            f"pyceles_dot_{input_dtype.name}_accum_{accum_dtype.name}",
            reduce_type=reduce_type)

    @staticmethod
    def votes_kernel(invert):
        # a binary image filter's vote count: `_raw_x` of a non-raw input indexed by the
        # middle of the input (the arrays are viewed with the reduced axes first)
        sign = '>' if invert else '<'
        return pykc.ReductionKernel('X x', 'Y y', '_raw_x[_in_ind.size()/2]{}x'.format(sign),
                                    'a + b', 'y = a', '0', 'lt', reduce_type='int')

    def test_conjugate_dot(self):
        rng = numpy.random.default_rng(1)
        u, v = ((rng.standard_normal(50) + 1j * rng.standard_normal(50)).astype(numpy.complex64)
                for _ in range(2))
        d = self.dot_kernel('complex64', 'complex128')(u, v)
        self.assertEqual(d.dtype, numpy.complex128)
        numpy.testing.assert_allclose(d, numpy.vdot(u.astype(complex), v.astype(complex)),
                                      rtol=1e-14)

    def test_votes(self):
        x = numpy.random.default_rng(2).integers(0, 9, (4, 7)).astype(numpy.int32)
        for invert in (False, True):
            out = numpy.zeros(4, numpy.int64)
            self.votes_kernel(invert)(x, out, axis=1)
            mid = x.T.reshape(-1)[x.size // 2]          # (reduced axes, kept axes) view
            want = (x > mid) if not invert else (x < mid)
            numpy.testing.assert_array_equal(out, want.sum(axis=1))


class TestMultithreading(unittest.TestCase):
    """CuPy's test_multithreading.py, test_elementwise_kernel_cache: threads that call one
    ElementwiseKernel for the first time together each get its result, and one compiled
    specialisation is used by all (CuPy reads its private _elementwise_kernel_memo; here
    _cached_codes, the specialisations compiled, has one entry after every call)."""

    def test_elementwise_kernel_cache(self):
        import threading
        for _ in range(5):                     # outer_iterations (20 in CuPy)
            kernel = pykc.ElementwiseKernel("T x", "T y", "y = x;")
            assert not kernel._cached_codes
            arrs = [numpy.full(10, k, numpy.float64) for k in range(8)]
            barrier = threading.Barrier(len(arrs))
            seen, errors = [], []

            def func(arr):
                try:
                    barrier.wait()
                    numpy.testing.assert_array_equal(kernel(arr), arr)
                    seen.append(len(kernel._cached_codes))
                    numpy.testing.assert_array_equal(kernel(arr), arr)
                    seen.append(len(kernel._cached_codes))
                except Exception as e:         # noqa: BLE001 (reported below)
                    errors.append(e)
            threads = [threading.Thread(target=func, args=(a,)) for a in arrs]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert not errors, errors
            assert seen == [1] * 2 * len(arrs), seen


if __name__ == "__main__":
    unittest.main(verbosity=1)
