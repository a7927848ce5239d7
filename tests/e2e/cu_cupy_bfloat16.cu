// run: --kernel bf16 --grid 1 --block 64 xb=@cu_cupy_bfloat16.xb.npy y=zeros:float32:896 tests=zeros:int32:384 acc=zeros:float32:2 n=64:int32
// check: y tests acc
// input: xb = (np.concatenate([[np.nan, np.inf, -np.inf, 0.0, -0.0, 3.3895314e38, 1.0, -1.0, 0.5, 257.0, 3.0, -7.25, 1e-3, 0.1, 1e-30, 2.0], rng.uniform(-100, 100, 48)]).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
// CuPy's <cupy/bfloat16.cuh> in RawModule code: its bfloat16 class over cuda_bf16's
// __nv_bfloat16 (values given and returned as float32, which holds every bfloat16
// exactly). Arithmetic through float rounded once to bfloat16, the explicit constructors,
// conversions to and from CuPy's float16 class (both headers in one unit), min/max/fmin/
// fmax, _floor_divide, nextafter, the tests (isinf is -1 for -inf, cuda_bf16's __hisinf),
// and <cupy/atomics.cuh>'s atomicAdd of bfloat16.
#include <cupy/bfloat16.cuh>
#include <cupy/float16.cuh>
#include <cupy/atomics.cuh>

extern "C" __global__ void bf16(const unsigned short *xb, float *y, int *tests, float *acc,
                                int n) {
  __shared__ unsigned short sum_bits[2];         // (a bfloat16 has a constructor)
  bfloat16 *sum = reinterpret_cast<bfloat16 *>(sum_bits);
  int i = threadIdx.x;
  if (i == 0)
    sum[0] = bfloat16(0.0f), sum[1] = bfloat16(0.0f);
  __syncthreads();
  if (i < n) {
    bfloat16 a = bfloat16::from_bits(xb[i]), b = bfloat16::from_bits(xb[(i + 5) % n]);
    float *o = y + 14 * i;
    o[0] = bfloat16(a * b);
    o[1] = bfloat16(a + b);
    bfloat16 c = a;
    c = c - 1;                                     // (the class has no -=)
    c = c / b;
    o[2] = c;
    o[3] = min(a, b);
    o[4] = max(a, b);
    o[5] = fmin(a, b);
    o[6] = fmax(a, b);
    o[7] = _floor_divide(a, b);
    o[8] = nextafter(a, b);
    o[9] = bfloat16(double(a) / 3.0);
    o[10] = bfloat16(i * 1001 - 32000);
    o[11] = float16(a);                            // bfloat16 -> float16 (through float)
    o[12] = bfloat16(float16(b));                  // float16 -> bfloat16
    bfloat16 d;
    d = 2.5;                                       // assignment of a double (the template)
    o[13] = d;
    int *t = tests + 6 * i;
    t[0] = a.iszero();
    t[1] = a.isnan();
    t[2] = a.isinf();
    t[3] = isfinite(a);
    t[4] = signbit(a);
    t[5] = a.to_bits() == xb[i];
    atomicAdd(&sum[0], bfloat16(1.0f));
    atomicAdd(&sum[1], bfloat16(0.25f));
  }
  __syncthreads();
  if (i == 0)
    acc[0] = sum[0], acc[1] = sum[1];
}
