// run: --kernel twice --grid 1 --block 64 x=@cu_cupy_hdr_twice.x.npy d=@cu_cupy_hdr_twice.d.npy y=zeros:float16:64 w=zeros:float32:64 dg=zeros:float64:64 acc=zeros:float16:1 bacc=zeros:uint16:1 cacc=zeros:float32:2 n=64:int32
// check: y w dg acc bacc cacc tol=1e-12 cpu-ulp=64
// input: x = rng.integers(-8, 9, 64).astype(np.float16)
// input: d = rng.uniform(0.1, 20, 64)
// CuPy's device headers in a .cu file (RawModule code), every one of them included
// twice (#pragma once / include guards make the second a no-op): the four headers of
// every kernel form, float16.cuh, bfloat16.cuh, thrust's complex source complex/complex.h
// and scipy's xsf/digamma.h (not cuda_workaround.h: its std::numeric_limits and xsf's
// config.h's collide under NVRTC, in CuPy as in pykc); the kernel uses what they define:
// float16 and bfloat16 arithmetic (through float), atomicAdd of float16 and bfloat16
// (atomics.cuh's) and of a complex<float>'s parts, complex<float> functions, digamma.
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
#include <cupy/float16.cuh>
#include <cupy/bfloat16.cuh>
#include <cupy/complex/complex.h>
#include <cupy/xsf/digamma.h>
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
#include <cupy/float16.cuh>
#include <cupy/bfloat16.cuh>
#include <cupy/complex/complex.h>
#include <cupy/xsf/digamma.h>

extern "C" __global__ void twice(const float16 *x, const double *d, float16 *y, float *w,
                                 double *dg, float16 *acc, unsigned short *bacc,
                                 float *cacc, int n) {
  bfloat16 *bsum = reinterpret_cast<bfloat16 *>(bacc);
  CUPY_FOR(i, n) {
    float16 a = x[i];
    y[i] = a * a + float16(0.5f);
    bfloat16 b(float(a) / 4.0f);
    complex<float> z(float(a) / 8.0f, 1.0f);
    w[i] = float(b * b) + abs(exp(z)) + arg(z * conj(z) + complex<float>(0, 1)) +
           (isinf(CUDART_INF_F) ? 0.0f : 1.0f);
    dg[i] = xsf::digamma(d[i]) + _floor_divide(7, 2);
    atomicAdd(acc, float16(1.0f));
    atomicAdd(bsum, bfloat16(1.0f));
    complex<float> p = complex<float>(float(a), 1.0f) * complex<float>(0.0f, 1.0f);
    atomicAdd(reinterpret_cast<float *>(cacc), p.real());
    atomicAdd(reinterpret_cast<float *>(cacc) + 1, p.imag());
  }
}
