// Hand-written reference for row sums (bench.py): y[r] = sum of the cols float32 values
// of row r of a C-contiguous rows x cols array. One warp per row: lanes stride the row,
// then a shuffle tree; lane 0 writes. nvcc -O3.
extern "C" __global__ void row_sum(const float *x, float *y, long long rows, long long cols) {
  long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int lane = threadIdx.x & 31;
  long long nwarps = ((long long)gridDim.x * blockDim.x) >> 5;
  for (long long r = warp; r < rows; r += nwarps) {
    const float *p = x + r * cols;
    float s = 0.0f;
    for (long long c = lane; c < cols; c += 32)
      s += p[c];
    for (int o = 16; o > 0; o >>= 1)
      s += __shfl_down_sync(0xffffffffu, s, o);
    if (lane == 0)
      y[r] = s;
  }
}
