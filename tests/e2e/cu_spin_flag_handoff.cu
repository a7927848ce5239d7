// run: --kernel handoff --grid 20 --block 128 x=@cu_spin_flag_handoff.x.npy val=zeros:int32:20 flag=zeros:int32:20 order=zeros:uint32:20 ticket=zeros:uint32:1
// check: val flag order ticket
// input: x = rng.integers(0, 1000, 2560).astype(np.int32)
// A producer/consumer chain between blocks: block b waits for block b + 1's flag (a
// volatile read loop with __nanosleep, as real programs back off), takes its value, and
// publishes its own (value, __threadfence(), then the flag). The last block starts the
// chain, so the blocks finish in reverse order, which `order` records. On the CPU backend
// block 0 runs first and must yield to the later blocks while it waits.
extern "C" __global__ void handoff(const int *x, int *val, int *flag, unsigned *order,
                                   unsigned *ticket) {
  __shared__ int sh[128];
  unsigned b = blockIdx.x, t = threadIdx.x;
  sh[t] = x[b * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sh[t] += sh[t + s];
    __syncthreads();
  }
  if (t == 0) {
    int carry = 0;
    if (b + 1 < gridDim.x) {
      while (((volatile int *)flag)[b + 1] == 0)
        __nanosleep(100);
      __threadfence();
      carry = ((volatile int *)val)[b + 1];
    }
    val[b] = (int)(((long long)carry * 3 + sh[0]) % 1000003);
    order[b] = atomicAdd(ticket, 1u);
    __threadfence();
    ((volatile int *)flag)[b] = 1;
  }
}
