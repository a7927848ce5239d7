// Hand-written reference for examples/saxpy.py (nvcc -O3).
extern "C" __global__ void saxpy(float a, const float *x, const float *y, float *out, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * x[i] + y[i];
}
