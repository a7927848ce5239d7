// run: --kernel gather --grid 16 --block 64 x=@cu_spin_volatile.x.npy part=zeros:int64:16 done=zeros:uint32:1 out=zeros:int64:2
// check: out done
// input: x = rng.integers(-100000, 100000, 1024).astype(np.int32)
// Block 0 collects: every other block publishes its sum, fences and counts itself in;
// block 0's thread 0 waits in a volatile read loop (no atomic: a __threadfence() between
// reads) until all have, then adds the sums up. Block 0 runs first on the CPU backend, so
// it must yield for the others to run.
extern "C" __global__ void gather(const int *x, long long *part, unsigned *done,
                                  long long *out) {
  __shared__ long long sh[64];
  unsigned b = blockIdx.x, t = threadIdx.x;
  sh[t] = x[b * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sh[t] += sh[t + s];
    __syncthreads();
  }
  if (t != 0)
    return;
  if (b != 0) {
    part[b] = sh[0];
    __threadfence();
    atomicAdd(done, 1u);
    return;
  }
  while (*(volatile unsigned *)done < gridDim.x - 1)
    __threadfence();
  __threadfence();
  long long total = sh[0];
  for (unsigned k = 1; k < gridDim.x; k++)
    total += ((volatile long long *)part)[k];
  out[0] = total;
  out[1] = *(volatile unsigned *)done;
}
