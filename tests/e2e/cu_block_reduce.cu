// run: --kernel block_reduce --grid 8 --block 256 x=@cu_block_reduce.x.npy partial=zeros:int64:8 n=5000:int32
// check: partial
// input: x = rng.integers(-1000000, 1000000, 5000, dtype=np.int32)
// CUDA C++ on the CPU backend: a grid-stride sum into a static __shared__ array, a tree
// over __syncthreads, then the last warp with __shfl_down_sync (bench/ref/block_reduce.cu).
#define BLOCK 256
extern "C" __global__ void block_reduce(const int *x, long long *partial, int n) {
  __shared__ long long buf[BLOCK];
  int t = threadIdx.x;
  long long s = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
    s += x[i];
  buf[t] = s;
  __syncthreads();
  for (int step = BLOCK / 2; step >= 32; step /= 2) {
    if (t < step)
      buf[t] += buf[t + step];
    __syncthreads();
  }
  if (t < 32) {
    long long v = buf[t];
    for (unsigned off = 16; off > 0; off /= 2)
      v += __shfl_down_sync(0xffffffff, v, off);
    if (t == 0)
      partial[blockIdx.x] = v;
  }
}
