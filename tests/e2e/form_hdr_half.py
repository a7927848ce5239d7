# run: --kernel hdr_half x=@form_hdr_half.x.npy y=zeros:float16:64 w=zeros:float32:64 acc=zeros:float16:2 cnt=zeros:int64:1
# check: y w acc cnt cpu-ulp=16
# input: x = rng.integers(-8, 9, 64).astype(np.float16)
# An ElementwiseKernel whose preamble includes CuPy's headers as published programs do
# (cupyx.scipy.ndimage's `includes`: cuda_workaround.h, float16.cuh, math_constants.h),
# each twice, with the headers every kernel form has already (complex.cuh, carray.cuh,
# atomics.cuh): CuPy's #pragma once makes them no-ops, and the snippets use what they
# define: float16 arithmetic (through float), atomicAdd of float16 (atomics.cuh's) and of
# long long, complex<float> functions, CUDART_INF_F, M_PI, std::numeric_limits (libcu++
# through cuda_workaround.h under NVRTC).
import cupy as cp

hdr_half = cp.ElementwiseKernel(
    'float16 x', 'float16 y, float32 w, raw float16 acc, raw int64 cnt',
    '''
    float16 h = float16(1.5f);
    y = x * x + h;
    complex<float> z(float(x) / 8.0f, 0.5f);
    w = twice(x) + abs(exp(z) * conj(z)) + arg(sqrt(z)) + (float)M_PI * 0.0f;
    atomicAdd(&acc[0], float16(1.0f));
    if (x > float16(0.0f)) atomicAdd(&acc[1], x);
    atomicAdd((long long *)&cnt[0], (long long)1);
    ''',
    'hdr_half',
    preamble=r'''
#include <cupy/cuda_workaround.h>  // provide C++ std:: coverage
#include <cupy/float16.cuh>
#include <cupy/math_constants.h>
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/float16.cuh>
#include <cupy/atomics.cuh>
#include <cupy/cuda_workaround.h>

__device__ float twice(float16 v) {
  return 2.0f * float(v) + (isinf(CUDART_INF_F) ? 0.0f : 1.0f) + std::numeric_limits<float>::epsilon() * 0.0f;
}
''')
