// run: --kernel hb --grid 1 --block 64 x=@cu_half_bf16_math.x.npy outb=zeros:float32:1024 outh=zeros:float32:1024 outc=zeros:float32:256 n=64:int32
// check: outb outh tol=4e-3
// input: x = np.concatenate([rng.uniform(-4, 4, 56), [0.5, -0.5, 1.0, 2.5, -2.5, 3.5, 100.0, -0.0]]).astype(np.float32)
// <cuda_fp16.h> and <cuda_bf16.h>'s math functions on __half and __nv_bfloat16 (each a
// float computation rounded to the 16-bit type; tol: one bfloat16 ulp), and bfloat16
// values through CuPy's complex<float> (<cupy/complex.cuh>) in the same unit. outc is not
// compared: its last element rounds a complex exp to bfloat16, and the GPU's and the
// CPU's exp may differ in the bit that decides it (cu_bf16_complex compares that path;
// on an H100 and the CPU backend outb and outh agreed to the bit).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cupy/complex.cuh>

#define MATH16(OUT, V, CVT)                                                           \
  OUT[0] = CVT(hsqrt(V)); OUT[1] = CVT(hrsqrt(V)); OUT[2] = CVT(hrcp(V));             \
  OUT[3] = CVT(hexp(V)); OUT[4] = CVT(hexp2(V)); OUT[5] = CVT(hexp10(V));             \
  OUT[6] = CVT(hlog(V)); OUT[7] = CVT(hlog2(V)); OUT[8] = CVT(hlog10(V));             \
  OUT[9] = CVT(hsin(V)); OUT[10] = CVT(hcos(V)); OUT[11] = CVT(htanh(V));             \
  OUT[12] = CVT(hceil(V)); OUT[13] = CVT(hfloor(V)); OUT[14] = CVT(hrint(V));         \
  OUT[15] = CVT(htrunc(V));

extern "C" __global__ void hb(const float *x, float *outb, float *outh, float *outc, int n) {
  int i = threadIdx.x;
  if (i >= n)
    return;
  __nv_bfloat16 b = __float2bfloat16(x[i]);
  __half h = __float2half(x[i]);
  float *ob = outb + 16 * i, *oh = outh + 16 * i;
  MATH16(ob, b, __bfloat162float)
  MATH16(oh, h, __half2float)
  complex<float> z(__bfloat162float(b), __bfloat162float(hsqrt(__habs(b))));
  complex<float> w = exp(z * complex<float>(0.25f, 0.0f)) + complex<float>(__half2float(h), 1.0f);
  __nv_bfloat16 m = __hfma(b, b, __float2bfloat16(0.5f));
  outc[4 * i] = w.real();
  outc[4 * i + 1] = w.imag();
  outc[4 * i + 2] = abs(complex<float>(__bfloat162float(m), __bfloat162float(__hmax(b, -b))));
  outc[4 * i + 3] = __bfloat162float(__float2bfloat16(w.real()) * b - m);
}
