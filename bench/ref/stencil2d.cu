// Hand-written reference for examples/stencil2d.py (nvcc -O3).
extern "C" __global__ void stencil2d(const float *src, float *dst, int rows, int cols) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y < rows && x < cols) {
    long long i = (long long)y * cols + x;
    if (y == 0 || x == 0 || y == rows - 1 || x == cols - 1)
      dst[i] = src[i];
    else
      dst[i] = (src[i] + src[i - cols] + src[i + cols] + src[i - 1] + src[i + 1]) * 0.2f;
  }
}
