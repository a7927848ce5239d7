// run: --kernel f16 --grid 1 --block 64 x=@cu_cupy_float16.x.npy y=zeros:float16:1152 z=zeros:float32:192 flags=zeros:int32:64 bits=zeros:uint16:64 acc=zeros:float16:2 n=64:int32
// check: y z flags bits acc
// input: x = np.concatenate([[np.nan, np.inf, -np.inf, 0.0, -0.0, 65504.0, -65504.0, 2.0**-24, 1.0, -1.0, 0.5, 2049.0, 3.0, -7.25, 1e-3, 0.1], rng.uniform(-100, 100, 48)]).astype(np.float16)
// CuPy's <cupy/float16.cuh> in RawModule code: its float16 class over cuda_fp16's half.
// Arithmetic and comparisons go through float (operator float), a float16 result is one
// rounding of the float value; explicit constructors from double, int, long long,
// unsigned and bool, __half interop both ways, the compound assignments (templates over
// the right operand), min/max/fmin/fmax, copysign, nextafter, the class tests and
// free-function tests, to_bits/from_bits, and <cupy/atomics.cuh>'s atomicAdd of float16.
#include <cupy/float16.cuh>
#include <cupy/atomics.cuh>

extern "C" __global__ void f16(const float16 *x, float16 *y, float *z, int *flags,
                               unsigned short *bits, float16 *acc, int n) {
  int i = threadIdx.x;
  if (i >= n)
    return;
  float16 a = x[i], b = x[(i + 7) % n];
  float16 *o = y + 18 * i;
  o[0] = a * b;
  o[1] = a + b;
  o[2] = a / b;
  float16 c = a;
  c += 1;
  c *= b;
  o[3] = c;
  o[4] = min(a, b);
  o[5] = max(a, b);
  o[6] = fmin(a, b);
  o[7] = fmax(a, b);
  o[8] = copysign(a, b);
  o[9] = nextafter(a, b);
  o[10] = -a;
  o[11] = float16(double(a) * 0.1);
  o[12] = float16(i - 32);
  o[13] = float16((long long)i * 1000);
  o[14] = float16((unsigned)i * 3u);
  o[15] = float16(a < b);
  __half h = __float2half(float(a));
  o[16] = float16(h);
  o[17] = float16(__hadd(h, __float2half(1.0f)));
  z[3 * i] = a;
  z[3 * i + 1] = a * b;                            // float: not rounded to float16
  z[3 * i + 2] = sizeof(a + b) + (a == b) * 10 + (a != a) * 100;
  flags[i] = a.isnan() | a.isinf() << 1 | a.isfinite() << 2 | a.signbit() << 3 |
             a.iszero() << 4 | isnan(a) << 5 | isinf(a) << 6 | isfinite(a) << 7 |
             signbit(a) << 8 | iszero(a) << 9;
  bits[i] = a.isnan() ? float16::nan : float16::from_bits(a.to_bits()).to_bits();
  atomicAdd(&acc[0], float16(1));
  atomicAdd(&acc[1], float16(0.5f));
}
