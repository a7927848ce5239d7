// Hand-written reference for examples/histogram.py (nvcc -O3).
#define MAX_BINS 256
extern "C" __global__ void histogram(const int *data, unsigned *hist, long long size, int nbins) {
  __shared__ unsigned local[MAX_BINS];
  for (int b = threadIdx.x; b < nbins; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < size; i += (long long)blockDim.x * gridDim.x) {
    int v = data[i] % nbins;          /* data >= 0 in the benchmark */
    atomicAdd(&local[v], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < nbins; b += blockDim.x)
    atomicAdd(&hist[b], local[b]);
}
