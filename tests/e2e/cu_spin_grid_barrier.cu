// run: --kernel grid_barrier --grid 24 --block 64 x=@cu_spin_grid_barrier.x.npy part=zeros:int64:24 y=zeros:int64:1536 z=zeros:int64:1536 count=zeros:uint32:1
// check: y z count
// input: x = rng.integers(-1000, 1000, 1536).astype(np.int32)
// A software grid barrier as real programs write it (no cooperative launch): thread 0 of
// each block counts itself in with atomicAdd and spins on atomicAdd(count, 0) until every
// block is there; the counter only grows, so the k-th barrier waits for k * gridDim.x.
// Three barriers: every block reads every block's sum (written before the barrier), then
// the sums are rewritten and read again, and blocks read each other's outputs. On the GPU
// it works because the grid's 24 blocks are co-resident; on the CPU backend a block that
// spins yields to the others.
__device__ void gbar(unsigned *count, unsigned target) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(count, 1u);
    while (atomicAdd(count, 0u) < target)
      ;
    __threadfence();
  }
  __syncthreads();
}

__device__ long long block_sum(long long v, long long *sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  long long r = sh[0];
  __syncthreads();
  return r;
}

extern "C" __global__ void grid_barrier(const int *x, long long *part, long long *y,
                                        long long *z, unsigned *count) {
  __shared__ long long sh[64];
  unsigned G = gridDim.x, b = blockIdx.x;
  int i = b * blockDim.x + threadIdx.x, n = G * blockDim.x;
  long long s = block_sum(x[i], sh);
  if (threadIdx.x == 0)
    part[b] = s;
  gbar(count, G);
  long long total = 0;
  for (unsigned k = 0; k < G; k++)
    total += ((volatile long long *)part)[k];
  y[i] = (long long)x[i] * G - total + ((volatile long long *)part)[(b + 1) % G];
  gbar(count, 2 * G);                              /* everyone read part: rewrite it */
  s = block_sum(y[i], sh);
  if (threadIdx.x == 0)
    part[b] = s;
  gbar(count, 3 * G);
  z[i] = ((volatile long long *)y)[n - 1 - i] + ((volatile long long *)part)[(b + 5) % G];
}
