// Hand-written reference for examples/thrust_sort_rows.py: each thread copies its row and
// sorts it with thrust::sort(thrust::seq, ...) (nvcc -O3, CCCL's Thrust).
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

extern "C" __global__ void thrust_sort_rows(const float *x, float *y, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows) {
    thrust::copy(thrust::seq, x + (long long)i * cols, x + (long long)(i + 1) * cols,
                 y + (long long)i * cols);
    thrust::sort(thrust::seq, y + (long long)i * cols, y + (long long)(i + 1) * cols);
  }
}
