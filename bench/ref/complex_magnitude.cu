// Hand-written reference for examples/complex_magnitude.py (nvcc -O3): |z|^2 over
// complex128, one 16-byte load and one 8-byte store per element, grid-stride.
extern "C" __global__ void complex_magnitude(const double2 *z, double *out, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x) {
    double2 v = z[i];
    out[i] = v.x * v.x + v.y * v.y;
  }
}
