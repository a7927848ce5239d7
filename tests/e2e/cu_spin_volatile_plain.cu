// run: --kernel relay --grid 8 --block 32 x=@cu_spin_volatile_plain.x.npy flags=zeros:int32:8 part=zeros:int64:8 out=zeros:int64:2
// check: out part flags
// input: x = rng.integers(-1000, 1000, 256).astype(np.int32)
// A chain of blocks in reverse order: block b waits for block b + 1 in a loop that reads
// volatile memory and calls nothing (`while (flags[b + 1] == 0);`, a do-while and a
// for(;;) with a break), then adds its block's sum to the later block's partial. On the
// CPU backend blocks run in order, so block 0 spins first and must give way.
extern "C" __global__ void relay(const int *x, volatile int *flags, volatile long long *part,
                                 long long *out) {
  __shared__ long long sh[32];
  unsigned b = blockIdx.x, t = threadIdx.x;
  sh[t] = x[b * blockDim.x + t];
  __syncthreads();
  for (unsigned s = 16; s > 0; s >>= 1) {
    if (t < s)
      sh[t] += sh[t + s];
    __syncthreads();
  }
  if (t != 0)
    return;
  long long later = 0;
  if (b + 1 < gridDim.x) {
    if (b % 3 == 0) {
      while (flags[b + 1] == 0)
        ;
    } else if (b % 3 == 1) {
      do {
      } while (!flags[b + 1]);
    } else {
      for (;;)
        if (flags[b + 1] != 0)
          break;
    }
    __threadfence();
    later = part[b + 1];
  }
  part[b] = later + sh[0];
  __threadfence();
  flags[b] = (int)b + 1;
  if (b == 0) {
    out[0] = part[0];
    out[1] = flags[gridDim.x - 1];
  }
}
