"""Structs by value in raw CUDA code, as CuPy passes them: a NumPy array of size one given
for a parameter whose C type has no dtype (a struct, a vector type, a class template) is
passed by its bytes (CuPy's cuda/function.pyx, CNumpyArray). CuPy 14.2's examples/
custom_struct programs, their kernels unchanged, through the Python package (NumPy arrays
on the CPU backend; NumPy computes every expected value).

    python3 tests/python/test_struct_args.py        (after `make python`)
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

# examples/custom_struct/builtin_vectors.py
VECTORS = '''
__device__ double3 operator+(const double3& lhs, const double3& rhs) {
    return make_double3(lhs.x + rhs.x,
                        lhs.y + rhs.y,
                        lhs.z + rhs.z);
}

extern "C" __global__ void sum_kernel(const double3* lhs,
                                            double3  rhs,
                                            double3* out) {
  int i = threadIdx.x;
  out[i] = lhs[i] + rhs;
}
'''
DOUBLE3 = numpy.dtype({'names': ['x', 'y', 'z'], 'formats': [numpy.float64] * 3})

# examples/custom_struct/complex_struct.py
STRUCT = '''
struct complex_struct {
    int4 a;
    char b;
    double c[2];
    short1 d;
    unsigned long long int e[3];
};
'''
LAYOUT = '''
{struct_definition}

extern "C" __global__ void get_struct_layout(
                                unsigned long long *itemsize,
                                unsigned long long *sizes,
                                unsigned long long *offsets) {{
    const complex_struct* ptr = nullptr;

    itemsize[0] = sizeof(complex_struct);

    sizes[0] = sizeof(ptr->a);
    sizes[1] = sizeof(ptr->b);
    sizes[2] = sizeof(ptr->c);
    sizes[3] = sizeof(ptr->d);
    sizes[4] = sizeof(ptr->e);

    offsets[0] = (unsigned long long)&ptr->a;
    offsets[1] = (unsigned long long)&ptr->b;
    offsets[2] = (unsigned long long)&ptr->c;
    offsets[3] = (unsigned long long)&ptr->d;
    offsets[4] = (unsigned long long)&ptr->e;
}}
'''.format(struct_definition=STRUCT)
SUM_STRUCT = '''
{struct_definition}

extern "C" __global__ void test_kernel(const complex_struct s,
                                       double* out) {{
    int i = threadIdx.x;
    double sum = 0.0;
    sum += s.a.x + s.a.y + s.a.z + s.a.w;
    sum += s.b;
    sum += s.c[0] + s.c[1];
    sum += s.d.x;
    sum += s.e[0] + s.e[1] + s.e[2];
    out[i] = i * sum;
}}
'''.format(struct_definition=STRUCT)

# examples/custom_struct/packed_matrix.py
MATRIX = '''
template<typename T>
struct Matrix {
    T value[4][4];

    __device__ T& operator() (int i, int j) {
        return this->value[i][j];
    }

    __device__ const T& operator() (int i, int j) const {
        return this->value[i][j];
    }
};

template<typename T>
__device__ Matrix<T> operator+ (const Matrix<T>& lhs, const Matrix<T>& rhs) {
    Matrix<T> res;
    for (int i = 0; i<4; i++) {
        for (int j = 0; j<4; j++) {
            res(i,j) = lhs(i,j) + rhs(i,j);
        }
    }
    return res;
}

template<typename T>
__device__ Matrix<T> operator* (const Matrix<T>& lhs, const Matrix<T>& rhs) {
    Matrix<T> res;
    for (int i = 0; i<4; i++) {
        for (int j = 0; j<4; j++) {
            res(i,j) = T(0);
            for (int k = 0; k<4; k++) {
                res(i,j) += lhs(i,k) * rhs(k,j);
            }
        }
    }
    return res;
}

template<typename T>
__global__ void kernel(const Matrix<T>* A,
                       const Matrix<T>* B,
                       const Matrix<T>  C,
                             Matrix<T>* out) {
  int i = threadIdx.x;
  out[i] = A[i] * B[i] + C;
}
'''


# a pointer to a vector type, given arrays of a structured dtype (cucim's short2 views)
SWAP_ADD = r'''
extern "C" __global__ void swap_add(const short2 *in, short2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = make_short2(in[i].y + 1, in[i].x - 1);
}
'''


def packed(basetype, n, itemsize):
    names = list('xyzw')[:n]
    return numpy.dtype(dict(names=names, formats=[basetype] * n, itemsize=itemsize))


class Structs(unittest.TestCase):
    def test_builtin_vectors(self):
        n = 8
        lhs = numpy.random.rand(3 * n).reshape(n, 3)
        rhs = numpy.random.rand(3)
        out = numpy.empty_like(lhs)
        pykc.RawKernel(VECTORS, 'sum_kernel')((1,), (n,), (lhs, rhs.view(DOUBLE3), out))
        numpy.testing.assert_array_equal(out, lhs + rhs[None, :])

    def test_complex_struct(self):
        itemsize = numpy.empty(1, numpy.uint64)
        sizes = numpy.empty(5, numpy.uint64)
        offsets = numpy.empty(5, numpy.uint64)
        pykc.RawKernel(LAYOUT, 'get_struct_layout')((1,), (1,), (itemsize, sizes, offsets))
        self.assertEqual(itemsize[0], 80)              # CUDA's layout: int4 16-aligned
        self.assertEqual(list(sizes), [16, 1, 16, 2, 24])
        self.assertEqual(list(offsets), [0, 16, 24, 40, 48])
        t = numpy.dtype(dict(names=list('abcde'),
                             formats=[packed(numpy.int32, 4, sizes[0]),
                                      packed(numpy.int8, 1, sizes[1]),
                                      packed(numpy.float64, 2, sizes[2]),
                                      packed(numpy.int16, 1, sizes[3]),
                                      packed(numpy.uint64, 3, sizes[4])],
                             offsets=offsets, itemsize=int(itemsize[0])))
        s = numpy.zeros(1, t)
        s['a'] = numpy.arange(0, 4).astype(numpy.int32).view(t['a'])
        s['b'] = numpy.arange(4, 5).astype(numpy.int8).view(t['b'])
        s['c'] = numpy.arange(5, 7).astype(numpy.float64).view(t['c'])
        s['d'] = numpy.arange(7, 8).astype(numpy.int16).view(t['d'])
        s['e'] = numpy.arange(8, 11).astype(numpy.uint64).view(t['e'])
        out = numpy.zeros(8)
        pykc.RawKernel(SUM_STRUCT, 'test_kernel')((1,), (8,), (s, out))
        numpy.testing.assert_array_equal(out, numpy.arange(8) * 55.0)

    def test_packed_matrix(self):
        n = 8
        module = pykc.RawModule(code=MATRIX, name_expressions=('kernel<float>', 'kernel<double>'))
        for ctype, dtype in (('float', numpy.float32), ('double', numpy.float64)):
            a = numpy.random.rand(16 * n).astype(dtype).reshape(n, 4, 4)
            b = numpy.random.rand(16 * n).astype(dtype).reshape(n, 4, 4)
            c = numpy.random.rand(16).astype(dtype).reshape(4, 4)
            out = numpy.empty_like(a)
            mat = numpy.dtype({'names': ['value'], 'formats': [(dtype, (4, 4))]})
            module.get_function(f'kernel<{ctype}>')((1,), (n,), (a, b, c.ravel().view(mat), out))
            numpy.testing.assert_allclose(out, numpy.matmul(a, b) + c[None], rtol=1e-6)

    def test_struct_arrays_by_pointer(self):
        """An array of a structured dtype given for a pointer parameter: CuPy passes its
        memory whatever its dtype (cucim's distance transform views (n, n, 2) int16 arrays
        as fields x, y and passes them for `short2 *`); so does pykc, 2-d and sliced."""
        short2 = numpy.dtype({'names': ['x', 'y'], 'formats': [numpy.int16] * 2})
        k = pykc.RawKernel(SWAP_ADD, 'swap_add')
        raw = numpy.arange(2 * 60, dtype=numpy.int16).reshape(6, 10, 2)
        src = numpy.squeeze(raw.view(short2))          # (6, 10) of short2
        out = numpy.zeros_like(src)
        k((2,), (32,), (src, out, numpy.int32(src.size)))
        got = out.view(numpy.int16).reshape(6, 10, 2)
        numpy.testing.assert_array_equal(got[..., 0], raw[..., 1] + 1)
        numpy.testing.assert_array_equal(got[..., 1], raw[..., 0] - 1)
        part = numpy.zeros(4, short2)                  # a slice: its first element on
        k((1,), (4,), (src[2, 3:7], part, numpy.int32(4)))
        numpy.testing.assert_array_equal(part['x'], raw[2, 3:7, 1] + 1)
        numpy.testing.assert_array_equal(part['y'], raw[2, 3:7, 0] - 1)

    def test_size_one_only(self):
        """CuPy passes only NumPy arrays of size one by value, with this TypeError."""
        k = pykc.RawKernel(VECTORS, 'sum_kernel')
        lhs, out = numpy.zeros((4, 3)), numpy.zeros((4, 3))
        with self.assertRaisesRegex(TypeError, r"argument 'rhs': you are trying to pass a "
                                    r"numpy.ndarray of shape \(2,\) as a kernel parameter. "
                                    r"Only numpy.ndarrays of size one"):
            k((1,), (4,), (lhs, numpy.zeros(2, DOUBLE3), out))


if __name__ == "__main__":
    unittest.main()
