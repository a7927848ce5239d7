// run: --kernel lookback --grid 16 --block 128 x=@cu_spin_lookback.x.npy y=zeros:int32:2048 status=zeros:uint64:16
// check: y status
// input: x = rng.integers(-1000, 1000, 2048).astype(np.int32)
// An inclusive prefix sum by decoupled look-back: each tile scans its elements in shared
// memory, publishes its aggregate (flag A) in a 64-bit status word, walks back over the
// earlier tiles' words (volatile reads, spinning with __threadfence() while a tile has
// published nothing) until one has its inclusive prefix (flag P), then publishes its own
// prefix. Block b scans tile gridDim.x - 1 - b, so block 0 owns the last tile and waits
// for every other block.
#define FLAG_A 1ull
#define FLAG_P 2ull

__device__ unsigned long long pack(unsigned long long flag, int v) {
  return flag << 32 | (unsigned)v;
}

extern "C" __global__ void lookback(const int *x, int *y, unsigned long long *status) {
  __shared__ int sh[128];
  __shared__ int excl;
  unsigned t = threadIdx.x, tile = gridDim.x - 1 - blockIdx.x;
  unsigned i = tile * blockDim.x + t;
  sh[t] = x[i];
  __syncthreads();
  for (unsigned d = 1; d < blockDim.x; d <<= 1) {  /* Hillis-Steele inclusive scan */
    int add = t >= d ? sh[t - d] : 0;
    __syncthreads();
    sh[t] += add;
    __syncthreads();
  }
  if (t == 0) {
    int agg = sh[blockDim.x - 1], before = 0;
    if (tile == 0) {
      atomicExch(&status[0], pack(FLAG_P, agg));
    } else {
      atomicExch(&status[tile], pack(FLAG_A, agg));
      for (int j = (int)tile - 1; j >= 0;) {
        unsigned long long s = ((volatile unsigned long long *)status)[j];
        unsigned long long flag = s >> 32;
        if (flag == 0) {                           /* nothing published yet: spin */
          __threadfence();
          continue;
        }
        before += (int)(unsigned)s;
        if (flag == FLAG_P)
          break;
        j--;
      }
      __threadfence();
      atomicExch(&status[tile], pack(FLAG_P, before + agg));
    }
    excl = before;
  }
  __syncthreads();
  y[i] = sh[t] + excl;
}
