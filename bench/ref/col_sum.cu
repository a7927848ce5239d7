// Hand-written reference for column sums (bench.py): y[c] = sum over the rows of column
// c of a C-contiguous rows x cols float32 array. Blocks of 32 x 8 threads: lanes across
// 32 consecutive columns (coalesced rows), the 8 warps and gridDim.y blocks across the
// rows; the warps combine in shared memory and one atomicAdd per column and block goes
// into a zeroed y. nvcc -O3.
extern "C" __global__ void col_sum(const float *x, float *y, long long rows, long long cols) {
  __shared__ float part[8][33];
  long long c = (long long)blockIdx.x * 32 + threadIdx.x;
  float s = 0.0f;
  if (c < cols)
    for (long long r = (long long)blockIdx.y * 8 + threadIdx.y; r < rows; r += (long long)gridDim.y * 8)
      s += x[r * cols + c];
  part[threadIdx.y][threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.y == 0 && c < cols) {
    for (int k = 1; k < 8; k++)
      s += part[k][threadIdx.x];
    atomicAdd(&y[c], s);
  }
}
