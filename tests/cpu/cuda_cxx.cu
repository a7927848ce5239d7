// CUDA C++ on the CPU backend (tests/cpu/cli.sh): dynamic shared memory declared at file
// scope, in an extern "C" block and in a function (a template's too), a static __shared__
// array inside a template device function, and the failures the CPU backend reports with
// the .cu line: a warp collective half the lanes reach, an overrun of dynamic shared
// memory, a trap.
extern __shared__ int file_dyn[];
namespace util {
template <typename T> __device__ T block_sum(T v) {
  __shared__ T part[32];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0)
    part[threadIdx.x / 32] = v;
  __syncthreads();
  T s = 0;
  for (unsigned w = 0; w < (blockDim.x + 31) / 32; w++)
    s += part[w];
  __syncthreads();
  return s;
}
}  // namespace util

extern "C" {
extern __shared__ int file_dyn[];
__global__ void scopes(int *out, long long *sums) {
  extern __shared__ __align__(8) unsigned char raw[];
  int t = threadIdx.x;
  file_dyn[t] = t * 3;
  __syncthreads();
  out[t] = reinterpret_cast<int *>(raw)[blockDim.x - 1 - t];
  long long s = util::block_sum<long long>(file_dyn[t]);
  double d = util::block_sum(1.5);
  if (t == 0) {
    sums[0] = s;
    sums[1] = (long long)(d * 2);
  }
}
}

extern "C" __global__ void half_warp(int *x) {
  if (threadIdx.x < 16)
    x[0] = __shfl_sync(0xffffffff, 1, 0);
}

extern "C" __global__ void overrun(float *x) {
  extern __shared__ float d[];
  d[threadIdx.x * 1024] = x[0];
}

extern "C" __global__ void trap(int *x) {
  if (threadIdx.x == 3)
    __trap();
  x[threadIdx.x] = 1;
}

extern "C" __global__ void votes(const int *x, int *o) {
  int v = x[threadIdx.x];
  int c = __syncthreads_count(v > 0);
  int a = __syncthreads_and(v > -5);
  int r = __syncthreads_or(v > 90);
  if (threadIdx.x == 0) {
    o[0] = c;
    o[1] = a;
    o[2] = r;
  }
  if (threadIdx.x >= 40)
    return;                                        /* the rest still meet at the barrier */
  o[3 + threadIdx.x % 2] = __syncthreads_count(1);
}

#include <assert.h>
extern "C" __global__ void checked(const int *x) {
  assert(x[threadIdx.x] < 5);
}

extern "C" __global__ void convs(long long *o, float nan) {
  o[0] = __float2int_rn(2.5f) * 10 + __float2int_rn(3.5f);        /* 24: to even */
  o[1] = __float2int_rz(-2.7f) * 10 + __float2int_rd(-2.2f);      /* -23 */
  o[2] = __float2int_ru(2.1f) + __float2int_rn(nan);              /* 3: NaN -> 0 */
  o[3] = __float2int_rn(1e10f);                                   /* saturates: 2147483647 */
  o[4] = __float2uint_rn(-1.0f) + __double2ll_rz(-1e30);          /* 0 + INT64_MIN */
  o[5] = (long long)(__sinf(0.0f) + 10 * sinpif(0.5f) + 100 * normcdf(0.0) + __powf(2.0f, 3.0f));
}

// CUDA C++ from host compilers' headers and CUDA's own: std:: math next to the global
// names (nvcc programs include <cmath>), an `extern __shared__` declared by a macro (its
// continuation lines kept), CUDA's integer and rounding intrinsics, a template's static
// __shared__ array, whose overrun the guard page catches as for other shared arrays.
#include <cmath>
#include <cuda_fp16.h>
#define DYN(T, name) \
  extern __shared__ \
      T name[];
extern "C" __global__ void std_math(float *f, double *d, unsigned *u) {
  DYN(float, buf)
  buf[threadIdx.x] = 1.0f + threadIdx.x;
  __syncthreads();
  f[0] = std::hypot(3.0f, 4.0f) + std::sqrt(buf[1]) * 0;
  f[1] = std::abs(-2.5f) + hypot(0.0f, buf[0]);
  f[2] = __int2float_rz(16777217) - 16777216.0f;
  f[3] = __int2float_ru(16777217) - 16777216.0f;
  f[4] = __half2float(__hadd(__float2half(0.1f), __float2half(0.2f)));
  d[0] = std::hypot(5.0, 12.0) + ::hypot(0.0, 0.0);
  d[1] = (double)__double2float_ru(1.0 / 3.0) - (double)__double2float_rd(1.0 / 3.0);
  u[0] = __byte_perm(0x33221100u, 0x77665544u, 0x7140u);
  u[1] = __funnelshift_l(0x80000000u, 1u, 1u);
  u[2] = __sad(-3, 4, 10u);
  u[3] = __funnelshift_rc(0u, 5u, 40u);
}
template <typename T, int N> __device__ T shifted(T v, int k) {
  __shared__ T ring[N];
  ring[threadIdx.x] = v;
  __syncthreads();
  return ring[threadIdx.x + k];
}
extern "C" __global__ void tmpl_overrun(float *x, int k) {
  x[threadIdx.x] = shifted<float, 32>(x[threadIdx.x], k);
}
extern "C" __global__ void warp_match(unsigned *o) {
  int l = threadIdx.x;
  unsigned odd = __match_any_sync(0xffffffffu, l % 2);
  int all;
  unsigned same = __match_all_sync(0xffffffffu, 7.5f, &all);
  int sum = __reduce_add_sync(0xffffffffu, l - 10);
  unsigned mx = l < 16 ? __reduce_max_sync(0x0000ffffu, (unsigned)l * 3) : 0;
  unsigned x = __reduce_xor_sync(0xffffffffu, 1u << l);
  if (l == 1)
    o[0] = odd, o[1] = same + all, o[2] = (unsigned)sum, o[3] = mx, o[4] = x;
}
// <cooperative_groups.h>: a block, its 16-thread tiles' shuffle reduction, ballots, votes.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void tiles(const int *x, int *sums, unsigned *votes) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  int v = x[i];
  for (int o = tile.size() / 2; o > 0; o /= 2)
    v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0)
    sums[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v;
  cg::sync(block);
  votes[i] = tile.ballot(x[i] > 0) ^ (tile.any(x[i] > 900) << 20) ^
             (tile.all(x[i] > -1000) << 21) ^ (tile.shfl_xor(x[i], 1) > x[i] ? 1u << 22 : 0u);
}
