// run: --kernel bfc --grid 1 --block 32 xb=@cu_bf16_complex.xb.npy o=zeros:float32:128
// check: o tol=1e-5
// input: xb = (rng.uniform(-3, 3, 32).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
// bfloat16 values (given as their bits) through CuPy's complex<T> and thrust::complex:
// constructed from __nv_bfloat16 and __half (their conversions to float), mixed with float
// arithmetic, thrust's exp, abs, arg and isnan of complex values.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cupy/complex.cuh>
extern "C" __global__ void bfc(const unsigned short *xb, float *o) {
  unsigned t = threadIdx.x;
  __nv_bfloat16 b = __ushort_as_bfloat16(xb[t]);
  __half h = __float2half(1.5f);
  complex<float> z(b, b);
  complex<double> w(b);
  complex<float> u = complex<float>(h, b);
  z += __bfloat162float(b);
  thrust::complex<float> v = thrust::exp(z * 0.5f) * (float)b;
  o[4 * t] = z.real() + (float)w.real();
  o[4 * t + 1] = v.imag() + u.real();
  o[4 * t + 2] = abs(u) + arg(z);
  o[4 * t + 3] = (float)(b == b) + (float)isnan(z) + __bfloat162float(b * __float2bfloat16(2.0f));
}
