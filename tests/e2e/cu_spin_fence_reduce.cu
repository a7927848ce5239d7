// run: --kernel fence_reduce --grid 20 --block 128 x=@cu_spin_fence_reduce.x.npy part=zeros:float64:20 total=zeros:float64:1 retire=zeros:uint32:1 last=zeros:uint32:1
// check: total retire last
// input: x = rng.integers(-5000, 5000, 2560).astype(np.float64) / 4
// The CUDA samples' threadFenceReduction: each block writes its partial sum, fences, and
// takes a ticket with atomicInc; the block that draws the last ticket sums the partials
// (volatile reads) and resets the counter. The values are quarters, so every sum is exact.
extern "C" __global__ void fence_reduce(const double *x, double *part, double *total,
                                        unsigned *retire, unsigned *last) {
  __shared__ double sh[128];
  __shared__ bool am_last;
  unsigned t = threadIdx.x;
  sh[t] = x[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sh[t] += sh[t + s];
    __syncthreads();
  }
  if (t == 0) {
    part[blockIdx.x] = sh[0];
    __threadfence();
    unsigned ticket = atomicInc(retire, gridDim.x);
    am_last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (am_last) {
    double s = 0;
    for (unsigned k = t; k < gridDim.x; k += blockDim.x)
      s += ((volatile double *)part)[k];
    sh[t] = s;
    __syncthreads();
    for (unsigned s2 = blockDim.x / 2; s2 > 0; s2 >>= 1) {
      if (t < s2)
        sh[t] += sh[t + s2];
      __syncthreads();
    }
    if (t == 0) {
      total[0] = sh[0];
      last[0] = atomicAdd(retire, 0u);
      retire[0] = 0;
    }
  }
}
