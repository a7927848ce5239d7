// run: --kernel features --grid 2 --block 32 x=@cu_cxx_features.x.npy f=zeros:float32:64x6 g=zeros:float64:64x2 k=zeros:int64:64x4
// check: f g k tol=1e-6
// input: x = special_floats(64, 'float32')
// What CUDA C++ code takes for granted: templates and a namespace, CUDA's global
// min/max over mixed types, float4 loads through reinterpret_cast, bit casts, the float
// overloads of <math.h>, fminf with NaN, 24- and 64-bit multiplies.
namespace util {
template <typename T, int N> __device__ __forceinline__ T scaled(T v) { return v * (T)N; }
}
struct Pair {
  float a;
  double b;
};
__device__ Pair make_pair(float a) { return Pair{a, (double)a * 2}; }

extern "C" __global__ void features(const float *x, float *f, double *g, long long *k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  const float4 *q = reinterpret_cast<const float4 *>(x);
  float4 w = q[i / 4];
  float *r = f + 6 * i;
  r[0] = min(v, 2.0f);
  r[1] = fminf(v, -1.0f);
  r[2] = util::scaled<float, 3>(fabsf(v) < 1e30f ? v : 0.0f);
  r[3] = w.x + w.y == w.x + w.y ? w.z : -7.0f;
  r[4] = sqrt(fabsf(v) < 1e30f ? fabsf(v) : 4.0f);
  r[5] = __int_as_float(__float_as_int(v) ^ 0x80000000);
  Pair p = make_pair(v);
  g[2 * i] = max(p.b, 1.5);
  g[2 * i + 1] = max(i, 7u) + min((long long)-i, 3LL) * 0.5;
  long long *kk = k + 4 * i;
  kk[0] = __mul24(i * 1000003, 77);
  kk[1] = __umulhi(0x9e3779b9u * (unsigned)(i + 1), 0xdeadbeefu);
  kk[2] = __umul64hi(0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1), 0xfeedfacecafebeefull);
  kk[3] = max(-3, i % 5) * min(i, 9);
}
