// Hand-written reference for examples/prime_factor_sum.py (nvcc -O3).
extern "C" __global__ void prime_factor_sum(int *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int m = i, s = 0;
    for (int d = 2; d * d <= m; d++)
      while (m % d == 0) {
        s += d;
        m /= d;
      }
    if (m > 1)
      s += m;
    out[i] = s;
  }
}
