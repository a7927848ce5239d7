// Hand-written saxpy at the bandwidth limit, for bench/saxpy_bw.py (issue 21): a grid-stride
// loop over float4 (16-byte loads and stores; the arrays are 16-byte aligned, n's last
// n % 4 elements done one by one), launched with a few blocks per SM.
extern "C" __global__ void saxpy_vec4(float a, const float *__restrict__ x,
                                      const float *__restrict__ y, float *__restrict__ out,
                                      long long n) {
  long long n4 = n / 4, stride = (long long)blockDim.x * gridDim.x;
  const float4 *x4 = (const float4 *)x, *y4 = (const float4 *)y;
  float4 *o4 = (float4 *)out;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4; i += stride) {
    float4 u = x4[i], v = y4[i];
    o4[i] = make_float4(a * u.x + v.x, a * u.y + v.y, a * u.z + v.z, a * u.w + v.w);
  }
  for (long long i = 4 * n4 + blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = a * x[i] + y[i];
}
