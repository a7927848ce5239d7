// run: --kernel gaps --grid 1 --block 64 --shared-mem 512 x=@cu_cxx_gaps.x.npy h=@cu_cxx_gaps.h.npy f=zeros:float32:512 u=zeros:uint32:512 c=zeros:float64:128 hs=zeros:float16:64
// check: f u c hs tol=1e-15
// input: x = (rng.standard_normal(64) * 1e3).astype(np.float64)
// input: h = rng.standard_normal(64).astype(np.float16)
// What CUDA C++ programs take from CUDA's headers and intrinsics, on the CPU backend as on
// the GPU: <cuda_fp16.h> arithmetic (round to nearest even), <cupy/complex.cuh>, std::hypot
// next to hypot (cuda::std, as NVRTC has it), the directed-rounding conversions, byte permutes, funnel shifts, __sad,
// a static __shared__ array of a template, `extern __shared__` declared by a macro.
#include <cuda_fp16.h>
#include <cupy/complex.cuh>
#include <cuda/std/cmath>
#define DYN_SHARED(T, name) extern __shared__ T name[];

template <typename T, int N> __device__ T reversed(T v) {
  __shared__ T tile[N];
  tile[threadIdx.x] = v;
  __syncthreads();
  T r = tile[N - 1 - threadIdx.x];
  __syncthreads();
  return r;
}

extern "C" __global__ void gaps(const double *x, const __half *h, float *f, unsigned *u,
                                double *c, __half *hs) {
  DYN_SHARED(double, dyn)
  int i = threadIdx.x;
  double v = x[i];
  dyn[i] = v;
  __syncthreads();
  float *fo = f + 8 * i;
  unsigned *uo = u + 8 * i;
  fo[0] = __double2float_rz(v);
  fo[1] = __double2float_rd(v);
  fo[2] = __double2float_ru(v);
  fo[3] = cuda::std::hypot((float)v, 3.0f) - hypotf((float)v, 3.0f);
  fo[4] = (float)(cuda::std::hypot(v, 2.0) - hypot(v, 2.0)) + cuda::std::sqrt(cuda::std::abs((float)v));
  fo[5] = __int2float_rz(16777217 + 2 * i) - __int2float_ru(16777217 + 2 * i);
  fo[6] = reversed<float, 64>((float)v);
  fo[7] = (float)dyn[63 - i];
  unsigned b = (unsigned)__double2ll_rz(v) * 2654435761u;
  uo[0] = __byte_perm(b, b ^ 0xdeadbeefu, 0x7140 + i % 8);
  uo[1] = __funnelshift_l(b, ~b, i);
  uo[2] = __funnelshift_rc(b, ~b, i);
  uo[3] = __sad((int)b, i * 1000, 7u);
  uo[4] = __brev(b) ^ (unsigned)__ffs((int)b);
  uo[5] = __umulhi(b, 0x9e3779b9u) + (unsigned)__popcll(~(unsigned long long)b);
  uo[6] = (unsigned)__clzll((long long)b << (i % 30)) + (unsigned)__mul24((int)b, 3);
  uo[7] = reversed<unsigned, 64>(b);
  complex<double> z(v, v / 3), w(1.5, -2.0);
  z = z * w + z / w;
  c[2 * i] = z.real();
  c[2 * i + 1] = abs(z);
  __half a = h[i], hb = __float2half(0.1f * i);
  hs[i] = __hadd(a, hb) * a - __hmul(hb, hb) / __float2half(3.0f);
}
