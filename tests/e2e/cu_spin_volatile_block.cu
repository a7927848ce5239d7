// run: --kernel pingpong --grid 2 --block 64 x=@cu_spin_volatile_block.x.npy out=zeros:float32:128 turns=zeros:int32:2
// check: out turns
// input: x = rng.standard_normal(128).astype(np.float32)
// Threads of one block hand a token around in shared memory: thread t waits in a plain
// volatile loop (no __syncthreads, no call) until the token reaches it, adds its value to
// the running sum and passes the token on. On the GPU each warp's threads are scheduled
// independently (sm_70+); on the CPU backend thread 0 waits first and must give way.
extern "C" __global__ void pingpong(const float *x, float *out, int *turns) {
  __shared__ volatile int token;
  __shared__ volatile float sum;
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0) {
    token = 0;
    sum = 0.0f;
  }
  __syncthreads();
  unsigned me = blockDim.x - 1 - t;                  // the last thread goes first
  while (token != (int)me)
    ;
  sum = sum + x[i];
  out[i] = sum;
  __threadfence_block();
  token = (int)me + 1;
  __syncthreads();
  if (t == 0)
    turns[blockIdx.x] = token;
}
