// Hand-written reference for examples/matmul_tiled.py (nvcc -O3): 16x16 shared tiles.
#define TILE 16
extern "C" __global__ void matmul_tiled(const float *a, const float *b, float *c, int m, int kdim, int n) {
  __shared__ float ta[TILE * TILE], tb[TILE * TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < kdim; k0 += TILE) {
    ta[ty * TILE + tx] = (row < m && k0 + tx < kdim) ? a[(long long)row * kdim + k0 + tx] : 0.0f;
    tb[ty * TILE + tx] = (col < n && k0 + ty < kdim) ? b[(long long)(k0 + ty) * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += ta[ty * TILE + k] * tb[k * TILE + tx];
    __syncthreads();
  }
  if (row < m && col < n)
    c[(long long)row * n + col] = acc;
}
