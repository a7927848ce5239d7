# run: --kernel my_sqrt<complex<double>> --grid 1 --block 64 input=@cupy_raw_template.input.npy N=50:int32
# check: input tol=1e-15
# input: input = rng.standard_normal(64) + 1j * rng.standard_normal(64)
"""CuPy's test_raw.py, test_cxx_template: a template kernel over CuPy's complex<T> from
#include <cupy/complex.cuh>, its instance named by a name expression. (The test passes
--std=c++11; CuPy 14.2's own complex.cuh, over CCCL's thrust, needs C++17.)"""
import cupy

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

mod = cupy.RawModule(code=test_cxx_template, options=('--std=c++17',),
                     name_expressions=('my_sqrt<int>', 'my_sqrt<float>',
                                       'my_sqrt<complex<double>>', 'my_func'))
