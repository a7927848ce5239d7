"""CuPy 14.2's tests/cupy_tests/core_tests/test_raw.py, ported to pykc's RawKernel and
RawModule on the CPU backend (NumPy arrays, no GPU; NumPy computes every expected value).

    python3 tests/python/test_cupy_raw.py        (after `make python`)

Each test keeps CuPy's name, kernel source and body, with `cupy.RawKernel`/`RawModule`
pykc's and cupy arrays NumPy's. CuPy's parametrisation over backend (nvrtc, nvcc), the
in-memory cache is one run here: pykc compiles the code as written, the same for every
backend; jitify=True (CuPy's DeprecationWarning, the code compiled) runs in TestRawJitify.
Left out (they need a GPU or CuPy's internals): kernel attributes (the CPU backend raises
pykc.LaunchError for them), loading cubin/ptx files (refused on the CPU: TestRawFiles),
dynamic parallelism, multi-GPU context switches, CuPy's compiler cache payloads, the
warnings `compile(log_stream=)` writes (NVRTC's; the CPU's host compiler reports none),
jitify's header search (NVRTC's) and raw MemoryPointers (refused on the CPU:
TestRawHandles). Pickling runs as CuPy's TestRawPicklable, with its subprocess.
TestCupyClasses checks CuPy's exception classes against stand-ins for CuPy's modules.
test_const_memory runs as CuPy has it:
on the CPU backend get_global gives a writable buffer over the variable, which
`numpy.ndarray(shape, dtype, ptr)` views as `cupy.ndarray(shape, dtype, memptr)` views
CuPy's MemoryPointer. Where CuPy raises a driver error (CUDA_ERROR_NOT_FOUND), pykc raises
AttributeError naming the function or variable (with CuPy imported, also CuPy's
CUDADriverError).
"""
from __future__ import annotations

import os
import sys
import unittest
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ["PYKC_CPU"] = "1"

import numpy  # noqa: E402

import pykc  # noqa: E402

_test_source1 = r'''
extern "C" __global__
void test_sum(const float* x1, const float* x2, float* y, unsigned int N) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
        y[tid] = x1[tid] + x2[tid];
}
'''

_test_compile_src = r'''
extern "C" __global__
void test_op(const float* x1, const float* x2, float* y, unsigned int N) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    int j;  // To generate a warning to appear in the log stream
    if (tid < N)
        y[tid] = x1[tid] OP x2[tid];
}
'''

_test_source2 = r'''
extern "C"{

__global__ void test_sum(const float* x1, const float* x2, float* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const float* x1, const float* x2, float* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}
'''

_test_source3 = r'''
#ifndef PRECISION
    #define PRECISION 2
#endif

#if PRECISION == 2
    #define TYPE double
#elif PRECISION == 1
    #define TYPE float
#else
    #error precision not supported
#endif

extern "C"{

__global__ void test_sum(const TYPE* x1, const TYPE* x2, TYPE* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const TYPE* x1, const TYPE* x2, TYPE* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}
'''

_test_cuComplex_ops = (
    # name, body (tid < N), kind: 'd' cuDoubleComplex, 'f' cuComplex
    ("test_add(cuDoubleComplex* arr1, cuDoubleComplex* arr2, cuDoubleComplex* out)",
     "out[tid] = cuCadd(arr1[tid], arr2[tid]);"),
    ("test_sub(cuDoubleComplex* arr1, cuDoubleComplex* arr2, cuDoubleComplex* out)",
     "out[tid] = cuCsub(arr1[tid], arr2[tid]);"),
    ("test_mul(cuDoubleComplex* arr1, cuDoubleComplex* arr2, cuDoubleComplex* out)",
     "out[tid] = cuCmul(arr1[tid], arr2[tid]);"),
    ("test_div(cuDoubleComplex* arr1, cuDoubleComplex* arr2, cuDoubleComplex* out)",
     "out[tid] = cuCdiv(arr1[tid], arr2[tid]);"),
    ("test_conj(cuDoubleComplex* arr, cuDoubleComplex* out)", "out[tid] = cuConj(arr[tid]);"),
    ("test_abs(cuDoubleComplex* arr, double* out)", "out[tid] = cuCabs(arr[tid]);"),
    ("test_fma(cuDoubleComplex* A, cuDoubleComplex* B, cuDoubleComplex* C, cuDoubleComplex* out)",
     "out[tid] = cuCfma(A[tid], B[tid], C[tid]);"),
    ("test_downcast(cuDoubleComplex* arr, cuComplex* out)",
     "out[tid] = cuComplexDoubleToFloat(arr[tid]);"),
    ("test_add_scalar(cuDoubleComplex* arr, cuDoubleComplex scalar, cuDoubleComplex* out)",
     "out[tid] = cuCadd(arr[tid], scalar);"),
    ("test_addf(cuComplex* arr1, cuComplex* arr2, cuComplex* out)",
     "out[tid] = cuCaddf(arr1[tid], arr2[tid]);"),
    ("test_subf(cuComplex* arr1, cuComplex* arr2, cuComplex* out)",
     "out[tid] = cuCsubf(arr1[tid], arr2[tid]);"),
    ("test_mulf(cuComplex* arr1, cuComplex* arr2, cuComplex* out)",
     "out[tid] = cuCmulf(arr1[tid], arr2[tid]);"),
    ("test_divf(cuComplex* arr1, cuComplex* arr2, cuComplex* out)",
     "out[tid] = cuCdivf(arr1[tid], arr2[tid]);"),
    ("test_conjf(cuComplex* arr, cuComplex* out)", "out[tid] = cuConjf(arr[tid]);"),
    ("test_absf(cuFloatComplex* arr, float* out)", "out[tid] = cuCabsf(arr[tid]);"),
    ("test_fmaf(cuFloatComplex* A, cuFloatComplex* B, cuFloatComplex* C, cuFloatComplex* out)",
     "out[tid] = cuCfmaf(A[tid], B[tid], C[tid]);"),
    ("test_upcast(cuComplex* arr, cuDoubleComplex* out)",
     "out[tid] = cuComplexFloatToDouble(arr[tid]);"),
    ("test_addf_scalar(cuComplex* arr, cuComplex scalar, cuComplex* out)",
     "out[tid] = cuCadd(arr[tid], scalar);"),
)
# CuPy's _test_cuComplex, written out from the table above plus its two make_ kernels
_test_cuComplex = ("#include <cuComplex.h>\n#define N 100\n\nextern \"C\"{\n" + "".join(
    "__global__ void %s {\n    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;\n"
    "    if (tid < N) {\n        %s\n    }\n}\n\n" % op for op in _test_cuComplex_ops) + r'''
__global__ void test_make(cuDoubleComplex* arr) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    cuDoubleComplex out = make_cuDoubleComplex(1.8, 2.9);
    if (tid < N) {
        arr[tid] = make_cuDoubleComplex(cuCreal(out), -3.*cuCimag(out));
    }
}

__global__ void test_makef(cuComplex* arr) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    cuComplex out = make_cuFloatComplex(1.8, 2.9);
    if (tid < N) {
        arr[tid] = make_cuFloatComplex(cuCrealf(out), -3.*cuCimagf(out));
    }
}

}
''')

test_cxx_template = r'''
#include <cupy/complex.cuh>

template<typename T>
__global__ void my_sqrt(T* input, int N) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < N) {
    input[x] *= input[x];
  }
}

__global__ void my_func(double* input, int N) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < N) {
    input[x] *= input[x];
  }
}
'''

_test_grid_sync = r'''
#include <cooperative_groups.h>

extern "C" __global__
void test_grid_sync(const float* x1, const float* x2, float* y, int n) {
    namespace cg = cooperative_groups;
    cg::grid_group grid = cg::this_grid();
    int size = gridDim.x * blockDim.x;
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    for (int i = tid; i < n; i += size) {
        y[i] = x1[i];
    }
    cg::sync(grid);
    for (int i = n - 1 - tid; i >= 0; i -= size) {
        y[i] += x2[i];
    }
}
'''


test_cast = r'''
extern "C" __global__ void my_func(void* input, int N) {
  double* arr = (double*)(input);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < N) {
    arr[x] = 3.0 * arr[x] - 8.0;
  }
}
'''

test_const_mem = r'''
extern "C"{
__constant__ float some_array[100];

__global__ void multiply_by_const(float* x, int N) {
    int id = threadIdx.x + blockIdx.x * blockDim.x;

    if (id < N) {
        x[id] *= some_array[id];
    }
}
}
'''


def shaped_random(shape, dtype, seed=0):
    """cupy.testing.shaped_random: values in [0, 10) (complex: both parts)."""
    rs = numpy.random.RandomState(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "c":
        return (rs.rand(*shape) * 10 + 1j * rs.rand(*shape) * 10).astype(dtype)
    return (rs.rand(*shape) * 10).astype(dtype)


class TestRaw(unittest.TestCase):
    """CuPy's TestRaw, once (pykc compiles as written for every backend)."""

    def setUp(self):
        self.kern = pykc.RawKernel(_test_source1, 'test_sum')
        self.mod2 = pykc.RawModule(code=_test_source2)
        self.mod3 = pykc.RawModule(code=_test_source3, options=('-DPRECISION=2',))

    def _helper(self, kernel, dtype):
        N = 10
        x1 = numpy.arange(N**2, dtype=dtype).reshape(N, N)
        x2 = numpy.ones((N, N), dtype=dtype)
        y = numpy.zeros((N, N), dtype=dtype)
        kernel((N,), (N,), (x1, x2, y, N**2))
        return x1, x2, y

    def test_basic(self):
        x1, x2, y = self._helper(self.kern, numpy.float32)
        assert numpy.allclose(y, x1 + x2)

    def test_module(self):
        ker_sum = self.mod2.get_function('test_sum')
        ker_times = self.mod2.get_function('test_multiply')
        x1, x2, y = self._helper(ker_sum, numpy.float32)
        assert numpy.allclose(y, x1 + x2)
        x1, x2, y = self._helper(ker_times, numpy.float32)
        assert numpy.allclose(y, x1 * x2)

    def test_compiler_flag(self):
        ker_sum = self.mod3.get_function('test_sum')
        ker_times = self.mod3.get_function('test_multiply')
        x1, x2, y = self._helper(ker_sum, numpy.float64)
        assert numpy.allclose(y, x1 + x2)
        x1, x2, y = self._helper(ker_times, numpy.float64)
        assert numpy.allclose(y, x1 * x2)

    def test_invalid_compiler_flag(self):
        with self.assertRaises(pykc.CompileError) as ex:
            mod = pykc.RawModule(code=_test_source3, options=('-DPRECISION=3',))
            mod.get_function('test_sum')  # enforce compilation
        assert 'precision not supported' in str(ex.exception)

    def test_module_neither_code_nor_path(self):
        with self.assertRaises(TypeError):
            pykc.RawModule()

    def test_module_both_code_and_path(self):
        with self.assertRaises(TypeError):
            pykc.RawModule(code=_test_source1, path='test.cubin')

    def test_get_function_failure(self):
        with self.assertRaisesRegex(AttributeError, 'no_such_kernel'):
            self.mod2.get_function('no_such_kernel')

    def test_cuFloatComplex(self):
        N = 100
        block = 32
        grid = (N + block - 1) // block
        dtype = numpy.complex64
        mod = pykc.RawModule(code=_test_cuComplex, translate_cucomplex=True)
        rs = numpy.random.RandomState(1)
        a = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        b = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        c = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        out = numpy.zeros((N,), dtype=dtype)
        out_float = numpy.zeros((N,), dtype=numpy.float32)
        out_up = numpy.zeros((N,), dtype=numpy.complex128)

        mod.get_function('test_addf')((grid,), (block,), (a, b, out))
        assert (out == a + b).all()
        mod.get_function('test_subf')((grid,), (block,), (a, b, out))
        assert (out == a - b).all()
        mod.get_function('test_mulf')((grid,), (block,), (a, b, out))
        assert numpy.allclose(out, a * b)
        mod.get_function('test_divf')((grid,), (block,), (a, b, out))
        assert numpy.allclose(out, a / b, rtol=1e-6)   # CuPy: ==, CUDA's division
        mod.get_function('test_conjf')((grid,), (block,), (a, out))
        assert (out == numpy.conj(a)).all()
        mod.get_function('test_absf')((grid,), (block,), (a, out_float))
        assert numpy.allclose(out_float, numpy.abs(a), rtol=1e-6)
        mod.get_function('test_fmaf')((grid,), (block,), (a, b, c, out))
        assert numpy.allclose(out, a * b + c)
        mod.get_function('test_makef')((grid,), (block,), (out,))
        assert numpy.allclose(out, 1.8 - 1j * 8.7)
        mod.get_function('test_upcast')((grid,), (block,), (a, out_up))
        assert (out_up == a.astype(numpy.complex128)).all()
        b = numpy.complex64(2 + 3j)                 # NumPy scalars
        mod.get_function('test_addf_scalar')((grid,), (block,), (a, b, out))
        assert (out == a + b).all()

    def test_cuDoubleComplex(self):
        N = 100
        block = 32
        grid = (N + block - 1) // block
        dtype = numpy.complex128
        mod = pykc.RawModule(code=_test_cuComplex, translate_cucomplex=True)
        rs = numpy.random.RandomState(2)
        a = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        b = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        c = (rs.random_sample((N,)) + 1j * rs.random_sample((N,))).astype(dtype)
        out = numpy.zeros((N,), dtype=dtype)
        out_float = numpy.zeros((N,), dtype=numpy.float64)
        out_down = numpy.zeros((N,), dtype=numpy.complex64)

        mod.get_function('test_add')((grid,), (block,), (a, b, out))
        assert (out == a + b).all()
        mod.get_function('test_sub')((grid,), (block,), (a, b, out))
        assert (out == a - b).all()
        mod.get_function('test_mul')((grid,), (block,), (a, b, out))
        assert numpy.allclose(out, a * b)
        mod.get_function('test_div')((grid,), (block,), (a, b, out))
        assert numpy.allclose(out, a / b, rtol=1e-14)  # CuPy: ==, CUDA's division
        mod.get_function('test_conj')((grid,), (block,), (a, out))
        assert (out == numpy.conj(a)).all()
        mod.get_function('test_abs')((grid,), (block,), (a, out_float))
        assert numpy.allclose(out_float, numpy.abs(a), rtol=1e-15)
        mod.get_function('test_fma')((grid,), (block,), (a, b, c, out))
        assert numpy.allclose(out, a * b + c)
        mod.get_function('test_make')((grid,), (block,), (out,))
        assert (out == 1.8 - 1j * 8.7).all()
        mod.get_function('test_downcast')((grid,), (block,), (a, out_down))
        assert (out_down == a.astype(numpy.complex64)).all()
        b = numpy.complex128(2 + 3j)                # NumPy scalars
        mod.get_function('test_add_scalar')((grid,), (block,), (a, b, out))
        assert (out == a + b).all()
        b = 2 + 3j                                  # Python scalars
        mod.get_function('test_add_scalar')((grid,), (block,), (a, b, out))
        assert (out == a + b).all()

    def test_cucomplex_prepends_cupy_headers(self):
        # translate_cucomplex=True makes CuPy's compile_with_cache prepend its headers
        # (complex.cuh, carray.cuh, atomics.cuh, math_constants.h): complex<float>,
        # CUDART_INF_F and CuPy's atomicAdd of long long without an #include (as
        # Spectrum Instrumentation's spcm examples write them)
        code = r"""
        extern "C" __global__
        void scale(complex<float>* d, const complex<float>* s, int n, long long* cnt) {
            int i = blockDim.x * blockIdx.x + threadIdx.x;
            d[i].real(s[i].real() / (n / 2 + 1));
            d[i].imag(s[i].imag() < CUDART_INF_F ? s[i].imag() * 3 : 0);
            atomicAdd(cnt, 2LL);
        }
        """
        a = (numpy.arange(8) + 1j * numpy.arange(8)).astype(numpy.complex64)
        d = numpy.zeros(8, numpy.complex64)
        cnt = numpy.zeros(1, numpy.int64)
        pykc.RawKernel(code, 'scale', translate_cucomplex=True)((1,), (8,), (d, a, 8, cnt))
        want = (a.real / 5 + 1j * (a.imag * 3)).astype(numpy.complex64)
        assert numpy.allclose(d, want, rtol=1e-6) and cnt[0] == 16
        mod = pykc.RawModule(code=code, translate_cucomplex=True)
        d[:] = 0
        mod.get_function('scale')((1,), (8,), (d, a, 8, cnt))
        assert numpy.allclose(d, want, rtol=1e-6) and cnt[0] == 32
        # without the option CuPy prepends nothing: complex<float> is unknown
        with self.assertRaises(pykc.CompileError):
            pykc.RawKernel(code, 'scale')((1,), (8,), (d, a, 8, cnt))

    def test_template_specialization(self):
        name_expressions = ['my_sqrt<int>', 'my_sqrt<float>',
                            'my_sqrt<complex<double>>', 'my_func']
        mod = pykc.RawModule(code=test_cxx_template, name_expressions=name_expressions)
        dtypes = (numpy.int32, numpy.float32, numpy.complex128, numpy.float64)
        for ker_T, dtype in zip(name_expressions, dtypes):
            ker = mod.get_function(ker_T)
            in_arr = shaped_random((10,), dtype)
            out_arr = in_arr**2
            ker((1,), (10,), (in_arr, 10))
            assert numpy.allclose(in_arr, out_arr)

    def test_template_failure(self):
        name_expressions = ['my_sqrt<int>']
        # 2. compile code without specializations, try to get a specialized kernel
        mod = pykc.RawModule(code=test_cxx_template)
        with self.assertRaisesRegex(AttributeError, 'my_sqrt<int>'):
            mod.get_function('my_sqrt<int>')
        # 3. try to fetch something we didn't specialize for
        mod = pykc.RawModule(code=test_cxx_template, name_expressions=name_expressions)
        with self.assertRaisesRegex(AttributeError, r'my_sqrt<double>'):
            mod.get_function('my_sqrt<double>')

    def test_const_memory(self):
        mod = pykc.RawModule(code=test_const_mem)
        ker = mod.get_function('multiply_by_const')
        mem_ptr = mod.get_global('some_array')
        const_arr = numpy.ndarray((100,), numpy.float32, mem_ptr)
        data = numpy.arange(100, dtype=numpy.float32)
        const_arr[...] = data
        output_arr = numpy.ones(100, dtype=numpy.float32)
        ker((1,), (100,), (output_arr, numpy.int32(100)))
        assert (data == output_arr).all()

    def test_compile_kernel(self):
        kern = pykc.RawKernel(_test_compile_src, 'test_op', options=('-DOP=+',))
        kern.compile()
        x1, x2, y = self._helper(kern, numpy.float32)
        assert numpy.allclose(y, x1 + x2)

    def test_compile_module(self):
        module = pykc.RawModule(code=_test_compile_src, options=('-DOP=+',))
        module.compile()
        kern = module.get_function('test_op')
        x1, x2, y = self._helper(kern, numpy.float32)
        assert numpy.allclose(y, x1 + x2)


std_code = r"""
#include <type_traits>

template<typename T,
         typename = typename std::enable_if<std::is_integral<T>::value>::type>
__global__ void shift (T* a, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N) {
        a[tid] += 100;
    }
}
"""


class TestRawJitify(unittest.TestCase):
    """CuPy's test_jitify_deprecation_warning and TestRawJitify's jitify=True runs (on the
    CPU the host compiler has the standard headers; NVRTC's header search is the GPU's)."""

    def test_jitify_deprecation_warning(self):
        for jitify, match in ((True, 'jitify=True is deprecated'),
                              (False, 'Avoid passing.*jitify=False')):
            with self.assertWarnsRegex(DeprecationWarning, match) as w:
                pykc.RawKernel(_test_source1, 'test_sum', backend='nvrtc', jitify=jitify)
            self.assertEqual(w.filename, __file__)     # the caller's line, as CuPy's
            with self.assertWarnsRegex(DeprecationWarning, match):
                pykc.RawModule(code=_test_source1, backend='nvrtc', jitify=jitify)
        with warnings.catch_warnings():
            warnings.simplefilter('error')             # no warning without the argument
            pykc.RawKernel(_test_source1, 'test_sum')

    def test_jitify_runs(self):
        warnings.simplefilter('ignore', DeprecationWarning)
        kern = pykc.RawKernel(_test_source1, 'test_sum', jitify=True)
        x1, x2, y = TestRaw._helper(self, kern, numpy.float32)
        assert numpy.allclose(y, x1 + x2)
        mod2 = pykc.RawModule(code=std_code, jitify=True, name_expressions=('shift<int>',))
        a = numpy.arange(256, dtype=numpy.int32) % 8
        b = a.copy()
        mod2.get_function('shift<int>')((1,), (256,), (a, 256))
        numpy.testing.assert_array_equal(a, b + 100)
        with self.assertRaisesRegex(ValueError, 'Jitify does not support precompiled'):
            pykc.RawModule(path='k.cubin', jitify=True)

    def test_jitify4(self):
        # broken code: a CompileError at get_function (CuPy compiles there), jitify or not
        warnings.simplefilter('ignore', DeprecationWarning)
        for jitify in (False, True):
            with self.assertRaises(pykc.CompileError):
                mod = pykc.RawModule(code='__global__ void i_am_broken() {\n', jitify=jitify)
                mod.get_function('i_am_broken')


_test_script = r"""
import os, pickle, sys
sys.path.insert(0, os.environ['PYKC_PYTHON'])
import numpy
N = 100
a = numpy.random.random(N).astype(numpy.float32)
b = numpy.random.random(N).astype(numpy.float32)
c = numpy.empty_like(a)
with open('raw.pkl', 'rb') as f:
    ker = pickle.load(f)
if len(sys.argv) == 2:
    ker = ker.get_function(sys.argv[1])
ker((1,), (100,), (a, b, c, N))
assert numpy.allclose(a + b, c)
assert ker.enable_cooperative_groups
"""


class TestRawPicklable(unittest.TestCase):
    """CuPy's TestRawPicklable: a RawKernel, a RawModule and a RawModule's function,
    pickled before and after compiling, run in another process."""

    def test_raw_picklable(self):
        import pickle
        import subprocess
        import tempfile
        for raw in ('ker', 'mod', 'mod_ker'):
            for compile in (False, True):
                with self.subTest(raw=raw, compile=compile), \
                        tempfile.TemporaryDirectory() as temp_dir:
                    if raw == 'ker':
                        ker = pykc.RawKernel(_test_source1, 'test_sum', backend='nvcc',
                                             enable_cooperative_groups=True)
                        impl = obj = ker
                    else:
                        mod = pykc.RawModule(code=_test_source1, backend='nvcc',
                                             enable_cooperative_groups=True)
                        impl = mod.get_function('test_sum')
                        obj = mod if raw == 'mod' else impl
                    if compile:
                        x1, x2, y = TestRaw._helper(self, impl, numpy.float32)
                        assert numpy.allclose(x1 + x2, y)
                    with open(temp_dir + '/raw.pkl', 'wb') as f:
                        pickle.dump(obj, f)
                    with open(temp_dir + '/TestRawPicklable.py', 'w') as f:
                        f.write(_test_script)
                    env = dict(os.environ, PYKC_PYTHON=os.path.join(ROOT, 'python'))
                    s = subprocess.run([sys.executable, 'TestRawPicklable.py'] +
                                       (['test_sum'] if raw == 'mod' else []),
                                       cwd=temp_dir, env=env, capture_output=True, text=True)
                    self.assertEqual(s.returncode, 0, s.stderr)


class TestRawFiles(unittest.TestCase):
    """RawModule(path=): a compiled file (cubin, fatbin, PTX) runs on a GPU only; a path
    that is not there fails at the module's first use, as CuPy's cuModuleLoad; CuPy's
    argument checks."""

    def test_compiled_files_need_a_gpu(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            for name, data in (('k.cubin', b'\x7fELF\x02\x01\x01'),
                               ('k.ptx', b'//\n// Generated by NVIDIA NVVM Compiler\n\n'
                                         b'.version 9.0\n.target sm_90\n')):
                path = os.path.join(d, name)
                with open(path, 'wb') as f:
                    f.write(data)
                mod = pykc.RawModule(path=path)
                with self.assertRaisesRegex(pykc.LaunchError, 'runs only on a GPU'):
                    mod.get_function('test_div')
            path = os.path.join(d, 'k.cu')             # CUDA C++ text: compiled as code=
            with open(path, 'w') as f:
                f.write(_test_source1)
            x1, x2, y = TestRaw._helper(self, pykc.RawModule(path=path).get_function(
                'test_sum'), numpy.float32)
            assert numpy.allclose(y, x1 + x2)

    def test_module_load_failure(self):
        mod = pykc.RawModule(path=os.path.expanduser('~/this_does_not_exist.cubin'))
        with self.assertRaisesRegex(FileNotFoundError, 'this_does_not_exist.cubin'):
            mod.get_function('nonexisting_kernel')  # enforce loading

    def test_template_failure_nvcc(self):
        with self.assertRaisesRegex(ValueError, 'nvrtc'):
            pykc.RawModule(code=test_cxx_template, backend='nvcc',
                           name_expressions=['my_sqrt<int>'])
        with self.assertRaisesRegex(ValueError, 'need CUDA C\\+\\+ code'):
            pykc.RawModule(path='k.cubin', name_expressions=['my_sqrt<int>'])


class TestRawHandles(unittest.TestCase):
    """CuPy's MemoryPointer, TextureObject and SurfaceObject pass by value on a GPU
    (test_raw_pointer, TestElementwiseKernelTexture there), a CPointer (ndarray.mdspan())
    by its address; the CPU backend refuses them, naming the argument. Stand-ins of CuPy's
    classes (by module and name)."""

    def _handle(self, module, name):
        return type(name, (), {'__module__': module, 'ptr': 1 << 40, 'device_id': 0})()

    def _mdspan(self, ptr=1 << 40):
        """A stand-in of ndarray.mdspan()'s object: a subclass of cupy.cuda.function's
        CPointer (the address of the argument's bytes)."""
        base = type('CPointer', (), {'__module__': 'cupy.cuda.function'})
        return type('mdspan', (base,), {'__module__': 'cupy._core._carray', 'ptr': ptr})()

    def test_refused_on_the_cpu(self):
        ker = pykc.RawModule(code=test_cast).get_function('my_func')
        for h in (self._handle('cupy.cuda.memory', 'MemoryPointer'),
                  self._handle('cupy.cuda.texture', 'TextureObject'),
                  self._handle('cupy.cuda.texture', 'SurfaceObject'), self._mdspan()):
            with self.assertRaisesRegex(ValueError, "argument 'input' is a GPU handle "
                                        r"\(CuPy's MemoryPointer, TextureObject, "
                                        r"SurfaceObject or CPointer\), but PYKC_CPU=1"):
                ker((1,), (100,), (h, 100))
        with self.assertRaisesRegex(ValueError, "argument 'input': its mdspan points at "
                                    "nothing"):
            ker((1,), (100,), (self._mdspan(0), 100))
        tex = pykc.ElementwiseKernel('T x, U texObj', 'T y', 'y = x;', 'test_tex1D')
        with self.assertRaisesRegex(ValueError, "'texObj' is a GPU handle"):
            tex(numpy.ones(4, numpy.float32), self._handle('cupy.cuda.texture',
                                                           'TextureObject'))
        with self.assertRaisesRegex(TypeError, "cannot pass a .*MemoryPointer"):
            ker((1,), (100,), (self._handle('mylib', 'MemoryPointer'), 100))


class TestCupyClasses(unittest.TestCase):
    """With CuPy imported, pykc's errors are also CuPy's classes: CompileException
    (JitifyException for jitify=True), CUDADriverError CUDA_ERROR_NOT_FOUND and
    CUDA_ERROR_FILE_NOT_FOUND. tests/python/cupystub stands in for CuPy 14.2, laid out as
    CuPy is: cupy.cuda.driver is an attribute of cupy.cuda, not a module of that name."""

    def setUp(self):
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        'cupystub'))
        import cupy
        self.mods = {'cupy.cuda.compiler': cupy.cuda.compiler,
                     'cupy.cuda.driver': cupy.cuda.driver}
        assert 'cupy.cuda.driver' not in sys.modules

    def tearDown(self):
        del sys.path[0]
        for n in [n for n in sys.modules if n.split('.')[0] in ('cupy', 'cupy_backends')]:
            del sys.modules[n]

    def test_compile_exception(self):
        cc = self.mods['cupy.cuda.compiler']
        with self.assertRaises(cc.CompileException) as ex:
            mod = pykc.RawModule(code=_test_source3, options=('-DPRECISION=3',))
            mod.get_function('test_sum')  # enforce compilation
        self.assertIsInstance(ex.exception, pykc.CompileError)
        self.assertNotIsInstance(ex.exception, cc.JitifyException)
        assert 'precision not supported' in str(ex.exception)
        self.assertEqual(ex.exception.source, _test_source3)
        warnings.simplefilter('ignore', DeprecationWarning)
        with self.assertRaises(cc.JitifyException) as ex:
            mod = pykc.RawModule(code=_test_source3, options=('-DPRECISION=3',), jitify=True)
            mod.get_function('test_sum')
        self.assertIsInstance(ex.exception, cc.CompileException)
        with self.assertRaises(cc.CompileException):
            pykc.RawKernel('extern "C" __global__ void k() { nope; }', 'k').compile()

    def test_not_found(self):
        de = self.mods['cupy.cuda.driver'].CUDADriverError
        mod2 = pykc.RawModule(code=_test_source2)
        with self.assertRaisesRegex(de, 'CUDA_ERROR_NOT_FOUND.*no_such_kernel') as ex:
            mod2.get_function('no_such_kernel')
        self.assertIsInstance(ex.exception, AttributeError)
        self.assertEqual(ex.exception.status, 500)
        mod = pykc.RawModule(code=test_cxx_template)
        with self.assertRaisesRegex(de, 'named symbol not found'):
            mod.get_function('my_sqrt<int>')
        mod = pykc.RawModule(code=test_cxx_template, name_expressions=['my_sqrt<int>'])
        with self.assertRaisesRegex(de, 'named symbol not found'):
            mod.get_function('my_sqrt<double>')
        mod = pykc.RawModule(path=os.path.expanduser('~/this_does_not_exist.cubin'))
        with self.assertRaisesRegex(de, 'CUDA_ERROR_FILE_NOT_FOUND') as ex:
            mod.get_function('nonexisting_kernel')
        self.assertIsInstance(ex.exception, FileNotFoundError)


class TestRawGridSync(unittest.TestCase):
    """CuPy's TestRawGridSync (n in 10, 100, 1000; block in 32, 64, 128 there)."""

    def _run(self, kern, n, block):
        x1 = numpy.arange(n ** 2, dtype='float32').reshape(n, n)
        x2 = numpy.ones((n, n), dtype='float32')
        y = numpy.zeros((n, n), dtype='float32')
        grid = (n * n + block - 1) // block
        kern((grid,), (block,), (x1, x2, y, n ** 2))
        assert numpy.allclose(y, x1 + x2)

    def test_grid_sync_rawkernel(self):
        for n, block in ((10, 32), (100, 64)):
            kern = pykc.RawKernel(_test_grid_sync, 'test_grid_sync', backend='nvcc',
                                  enable_cooperative_groups=True)
            self._run(kern, n, block)

    def test_grid_sync_rawmodule(self):
        for n, block in ((10, 32), (100, 128)):
            mod = pykc.RawModule(code=_test_grid_sync, backend='nvcc',
                                 enable_cooperative_groups=True)
            self._run(mod.get_function('test_grid_sync'), n, block)


class TestRawAsProgramsWriteIt(unittest.TestCase):
    """Not CuPy's tests: what published RawKernels do that CuPy's tests do not (issue 19)."""

    _ref_src = r'''
    extern "C" __global__
    void step(const float* x, float* v, const float & v_threshold, const int & numel)
    {
        const int index = blockIdx.x * blockDim.x + threadIdx.x;
        if (index < numel)
            v[index] = x[index] >= v_threshold ? 1.0f : x[index];
    }
    '''

    def test_reference_parameters_take_arrays(self):
        # SpikingJelly's neurons: `const float &` parameters filled with 0-d arrays (CuPy
        # passes an array's pointer, which a reference is to the ABI).
        k = pykc.RawKernel(self._ref_src, 'step')
        x = numpy.linspace(-1, 3, 9, dtype=numpy.float32)
        v = numpy.zeros(9, numpy.float32)
        k((1,), (16,), (x, v, numpy.array(1.5, numpy.float32), numpy.array(7, numpy.int32)))
        want = numpy.where(x >= 1.5, 1, x).astype(numpy.float32)
        want[7:] = 0
        numpy.testing.assert_array_equal(v, want)

    def test_reference_parameter_refuses_a_scalar(self):
        # CuPy would pass the float's bytes as the reference's address.
        k = pykc.RawKernel(self._ref_src, 'step')
        x = numpy.ones(4, numpy.float32)
        with self.assertRaisesRegex(TypeError, "argument 'v_threshold': expected float32\\*"):
            k((1,), (4,), (x, x.copy(), 1.5, numpy.array(4, numpy.int32)))
        # an int for a reference too (for a pointer CuPy's int is the address)
        with self.assertRaisesRegex(TypeError, "argument 'numel': expected int32\\*"):
            k((1,), (4,), (x, x.copy(), numpy.array(1.5, numpy.float32), 4))

    _globals_src = r'''
    __constant__ double coef[3];
    __device__ unsigned int calls;
    __device__ float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};
    extern "C" __global__ void poly(const double *x, double *y, float *t, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) {
            y[i] = coef[0] + x[i] * (coef[1] + x[i] * coef[2]);
            atomicAdd(&calls, 1u);
        }
        if (i < 4) t[i] = table[i];
    }
    '''

    def test_get_global_first(self):
        # get_global before any get_function compiles the module; a __constant__ table
        # filled by copy_from_host, a __device__ counter the kernel updates read back
        # through numpy.frombuffer, an initialised __device__ array read as written.
        mod = pykc.RawModule(code=self._globals_src)
        coef = mod.get_global('coef')
        calls = mod.get_global('calls')
        self.assertEqual((coef.size, calls.size, mod.get_global('table').size), (24, 4, 16))
        want = numpy.array([1.0, -2.0, 0.5])
        coef.copy_from_host(want.ctypes.data, want.nbytes)
        calls.memset(0, 4)
        x = numpy.linspace(-3, 3, 13)
        y, t = numpy.zeros(13), numpy.zeros(4, numpy.float32)
        k = mod.get_function('poly')
        for _ in range(2):
            k((1,), (32,), (x, y, t, 13))
        numpy.testing.assert_allclose(y, want[0] + x * (want[1] + x * want[2]), rtol=1e-15)
        self.assertEqual(int(numpy.frombuffer(calls, numpy.uint32)[0]), 26)
        numpy.testing.assert_array_equal(t, [1.5, 2.5, 3.5, 4.5])
        back = numpy.zeros(3)
        coef.copy_to_host(back.ctypes.data, 24)
        numpy.testing.assert_array_equal(back, want)

    def test_get_global_errors(self):
        mod = pykc.RawModule(code=self._globals_src)
        for name in ('nope', 'poly', 'stdout'):   # unknown; a kernel; a libc symbol
            with self.assertRaisesRegex(AttributeError, f"no __device__ or __constant__ "
                                        f"variable '{name}'.*CUDA_ERROR_NOT_FOUND"):
                mod.get_global(name)
        with self.assertRaises(TypeError):
            mod.get_global(b'coef')
        with self.assertRaisesRegex(ValueError, "do not fit the variable's 24"):
            mod.get_global('coef').memset(0, 32)
        with self.assertRaisesRegex(AttributeError, "no __device__ or __constant__ "
                                    "variable 'w'.*CUDA_ERROR_NOT_FOUND"):
            pykc.RawModule(code='__device__ int v;').get_global('w')

    def test_get_global_no_kernel(self):
        # A module of variables alone (CuPy allows get_global on it): an initialised
        # __constant__ table read as written, a __device__ array written and read back, a
        # template instance's name expression that is no kernel of it; the module is
        # compiled once, so the same variable is the same memory.
        code = r'''
        __constant__ float table[3] = {0.5f, 1.5f, 2.5f};
        __device__ long long acc[2];
        template <typename T> __device__ T twice(T x) { return 2 * x; }
        '''
        mod = pykc.RawModule(code=code)
        t = mod.get_global('table')
        self.assertEqual(t.size, 12)
        numpy.testing.assert_array_equal(numpy.frombuffer(t, numpy.float32), [0.5, 1.5, 2.5])
        acc = mod.get_global('acc')
        want = numpy.array([7, -9], numpy.int64)
        acc.copy_from_host(want.ctypes.data, want.nbytes)
        again = mod.get_global('acc')
        self.assertEqual(again.ptr, acc.ptr)
        numpy.testing.assert_array_equal(numpy.frombuffer(again, numpy.int64), want)
        with self.assertRaisesRegex(AttributeError, "variable 'twice'"):
            mod.get_global('twice')
        with self.assertRaisesRegex(AttributeError, "no __global__ function 'f'"):
            mod.get_function('f')
        with self.assertRaises(pykc.CompileError):
            pykc.RawModule(code='__device__ int v = ;').get_global('v')

    def test_compile_raises_compile_errors(self):
        # compile() compiles now (CuPy's CompileException at the call, not the launch)
        bad = 'extern "C" __global__ void f(float *x) { x[0] = not_declared; }'
        for obj in (pykc.RawKernel(bad, 'f'), pykc.RawModule(code=bad)):
            with self.assertRaisesRegex(pykc.CompileError, "not_declared"):
                obj.compile()

    def test_integer_for_a_pointer(self):
        # CuPy passes an int's bits for a pointer parameter: 0 is NULL (a program's
        # "no weights"), arr.data.ptr the array's memory (here a NumPy array's address)
        k = pykc.RawKernel(r'''extern "C" __global__ void f(const float *w, float *y,
            unsigned long long n) {
            unsigned long long i = threadIdx.x;
            if (i < n) y[i] = w == nullptr ? -1.0f : w[i]; }''', 'f')
        y, w = numpy.zeros(3, numpy.float32), numpy.arange(3, dtype=numpy.float32) + 5
        n = numpy.uint64(3)
        k((n // n,), (n,), (0, y, n))
        numpy.testing.assert_array_equal(y, [-1, -1, -1])
        k((1,), (3,), (w.ctypes.data, y, 3))
        numpy.testing.assert_array_equal(y, w)
        with self.assertRaisesRegex(TypeError, "expected float32"):
            k((1,), (3,), (0.0, y, 3))

    def test_template_substituted_keyword_call(self):
        # a PyTorch program's loader: string.Template code, f(block=, grid=, args=[ptr
        # ints from tensor.data_ptr()], stream=namedtuple(ptr)); without its
        # CUDA_KERNEL_LOOP macro the code does not compile (NVRTC: undefined identifier)
        import collections
        import string
        stream = collections.namedtuple('Stream', ['ptr'])(ptr=0)
        src = string.Template('''extern "C" __global__ void k(const ${T}* a, ${T}* b) {
          CUDA_KERNEL_LOOP(i, ${n}) { b[i] = 2 * a[i]; } }''').substitute(T='float', n=6)
        with self.assertRaisesRegex(pykc.CompileError, "not declared"):
            pykc.RawModule(code=src).get_function('k').compile()
        loop = ('#define CUDA_KERNEL_LOOP(i, n) for (int i = blockIdx.x * blockDim.x + '
                'threadIdx.x; i < (n); i += blockDim.x * gridDim.x)\n')
        f = pykc.RawModule(code=loop + src).get_function('k')
        a, b = numpy.arange(6, dtype=numpy.float32), numpy.zeros(6, numpy.float32)
        f(block=(512, 1, 1), grid=(1, 1, 1), args=[a.ctypes.data, b.ctypes.data], stream=stream)
        numpy.testing.assert_array_equal(b, 2 * a)

    def test_fmad_false(self):
        # --fmad=false keeps a * b + c two roundings on the CPU backend as on the GPU.
        k = pykc.RawKernel(r'''extern "C" __global__ void f(const double *a, double *z) {
            z[threadIdx.x] = a[threadIdx.x] * a[threadIdx.x] + a[2]; }''', 'f',
                           options=('--fmad=false',))
        a = numpy.array([1 + 2.0 ** -27, 1 + 2.0 ** -27, -(1 + 2.0 ** -26)])
        z = numpy.ones(2)
        k((1,), (2,), (a, z))
        numpy.testing.assert_array_equal(z, [0.0, 0.0])

    def test_size_one_array_for_a_scalar(self):
        # cupy/cuda/function.pyx, _pointer: a numpy.ndarray of size one passes a pointer to
        # its data, whose first bytes the launch reads as the parameter, whatever the
        # array's dtype: np.array([5]) (int64) gives an `int` 5, a float32 array its bits.
        # A NumPy scalar is a value (converted to the declared type), and an array of
        # another size is CuPy's TypeError.
        k = pykc.RawKernel(r'''extern "C" __global__ void k(float *y, int n, double d,
            unsigned char b) { y[0] = n; y[1] = d; y[2] = b; }''', 'k')
        y = numpy.zeros(3, numpy.float32)

        def run(*args):
            y[:] = 0
            k((1,), (1,), (y,) + args)
            return y.tolist()
        assert run(numpy.array([5]), numpy.array(2.5), numpy.array([[7]], numpy.uint8)) == \
            [5, 2.5, 7]
        assert run(numpy.array(1.0, numpy.float32), numpy.float32(0.5), 44) == \
            [numpy.float32(1.0).view(numpy.int32), 0.5, 44]
        assert run(numpy.array([-3], numpy.int32), numpy.array([2.5, 9.0])[:1], 1) == \
            [-3, 2.5, 1]
        with self.assertRaisesRegex(TypeError, r"argument 'd': 4 bytes by value \(a NumPy "
                                    r"array of size one\) for a parameter of type float64 "
                                    r"\(8 bytes\): the launch would read past the array"):
            run(1, numpy.array([2.5], numpy.float32), 1)
        with self.assertRaisesRegex(TypeError, r"argument 'n': you are trying to pass a "
                                    r"numpy.ndarray of shape \(2,\) as a kernel parameter"):
            run(numpy.array([1, 2], numpy.int32), 1.0, 1)


if __name__ == "__main__":
    unittest.main()
