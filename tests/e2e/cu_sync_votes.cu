// run: --kernel votes --grid 3 --block 96 x=@cu_sync_votes.x.npy o=zeros:int32:3x6
// check: o
// input: x = rng.integers(-10, 100, 288, dtype=np.int32)
// Block-wide votes: __syncthreads_count / _and / _or, then a count after a third of the
// block returned (a barrier waits only for the threads that have not exited).
extern "C" __global__ void votes(const int *x, int *o) {
  int v = x[blockIdx.x * blockDim.x + threadIdx.x];
  int *r = o + 6 * blockIdx.x;
  int c = __syncthreads_count(v > 50);
  int a = __syncthreads_and(v > -10);
  int any = __syncthreads_or(v > 97);
  int none = __syncthreads_or(v > 1000);
  if (threadIdx.x == 0) {
    r[0] = c;
    r[1] = a;
    r[2] = any;
    r[3] = none;
  }
  if (threadIdx.x >= 64)
    return;
  int live = __syncthreads_count(1);
  int even = __syncthreads_count(v % 2 == 0);
  if (threadIdx.x == 1) {
    r[4] = live;
    r[5] = even;
  }
}
