# run: --kernel test_fma --grid 4 --block 32 A=@cupy_raw_cucomplex_translate.A.npy B=@cupy_raw_cucomplex_translate.B.npy C=@cupy_raw_cucomplex_translate.C.npy out=zeros:complex128:100
# check: out tol=1e-15
# input: A = rng.standard_normal(100) + 1j * rng.standard_normal(100)
# input: B = rng.standard_normal(100) + 1j * rng.standard_normal(100)
# input: C = rng.standard_normal(100) + 1j * rng.standard_normal(100)
"""CuPy's tests/cupy_tests/core_tests/test_raw.py, test_cuDoubleComplex's test_fma:
RawModule(translate_cucomplex=True) turns <cuComplex.h>'s functions into complex<T>'s
(cuCfma(A, B, C) is A * B + C)."""
import cupy

_test_cuComplex = r'''
#include <cuComplex.h>
#define N 100

extern "C"{
__global__ void test_fma(cuDoubleComplex* A, cuDoubleComplex* B,
                         cuDoubleComplex* C, cuDoubleComplex* out) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N) {
        out[tid] = cuCfma(A[tid], B[tid], C[tid]);
    }
}
}
'''

mod = cupy.RawModule(code=_test_cuComplex, translate_cucomplex=True)
