// Issue 21 (contig21): candidate shapes of pykc's generated C-contiguous twins, written out
// by hand in pykc's own ABI (struct { T *data; long long size, shape[N], strides[N]; } by
// value) so that bench/contig21.py launches them exactly as it launches pykc's cubin and
// measures which shape is worth teaching the compiler. Compiled by NVRTC (cupy.RawModule,
// -ftz=true as pykc compiles), not nvcc. Each *_main kernel is main's generated text
// (`pykc cuda ... --sig` at the branch point): the "before" of the comparison.
typedef struct { float *data; long long size; long long shape[2]; long long strides[2]; } Array_float32_2;
typedef struct { int *data; long long size; long long shape[1]; long long strides[1]; } Array_int32_1;
typedef struct { unsigned int *data; long long size; long long shape[1]; long long strides[1]; } Array_uint32_1;

__device__ __forceinline__ int py_mod_int32(int x, int y) {
  if (y > 0) {
    unsigned int s = (unsigned int)0 - (unsigned int)(x < 0);
    return (int)(((((unsigned int)x ^ s) % (unsigned int)y) ^ s) + (s & (unsigned int)y));
  }
  if (y == 0) return 0;
  int r = x % y;
  return r != 0 && ((r < 0) != (y < 0)) ? r + y : r;
}

/* ---- stencil2d */

extern "C" __global__ void stencil2d_main(Array_float32_2 src, Array_float32_2 dst) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  long long rows = src.shape[0], cols = src.shape[1];
  float s;
  if (((long long)y < rows) && ((long long)x < cols)) {
    if ((y == 0u) || (x == 0u) || ((long long)y == rows - 1ll) || ((long long)x == cols - 1ll)) {
      dst.data[y * dst.shape[1] + x] = src.data[y * src.shape[1] + x];
    } else {
      s = src.data[y * src.shape[1] + x] + src.data[((long long)y - 1ll) * src.shape[1] + x] + src.data[((long long)y + 1ll) * src.shape[1] + x] + src.data[y * src.shape[1] + ((long long)x - 1ll)] + src.data[y * src.shape[1] + ((long long)x + 1ll)];
      dst.data[y * dst.shape[1] + x] = s * 0.2f;
    }
  }
}

/* src read through the read-only path (ld.global.nc): valid when src is not written by the
   kernel and overlaps no written array (a launch-time check of the pointers' ranges). */
extern "C" __global__ void stencil2d_nc(Array_float32_2 src, Array_float32_2 dst) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  long long rows = src.shape[0], cols = src.shape[1];
  const float *__restrict__ sd = src.data;
  float s;
  if (((long long)y < rows) && ((long long)x < cols)) {
    if ((y == 0u) || (x == 0u) || ((long long)y == rows - 1ll) || ((long long)x == cols - 1ll)) {
      dst.data[y * dst.shape[1] + x] = __ldg(&sd[y * src.shape[1] + x]);
    } else {
      s = __ldg(&sd[y * src.shape[1] + x]) + __ldg(&sd[((long long)y - 1ll) * src.shape[1] + x]) + __ldg(&sd[((long long)y + 1ll) * src.shape[1] + x]) + __ldg(&sd[y * src.shape[1] + ((long long)x - 1ll)]) + __ldg(&sd[y * src.shape[1] + ((long long)x + 1ll)]);
      dst.data[y * dst.shape[1] + x] = s * 0.2f;
    }
  }
}

/* Index math in 32 bits: valid when every array has fewer than 2^31 elements (a launch-time
   specialisation, as CuPy's ElementwiseKernel picks its int32 indexer). */
extern "C" __global__ void stencil2d_i32(Array_float32_2 src, Array_float32_2 dst) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  int rows = (int)src.shape[0], cols = (int)src.shape[1], dcols = (int)dst.shape[1];
  float s;
  if (((int)y < rows) && ((int)x < cols)) {
    if ((y == 0u) || (x == 0u) || ((int)y == rows - 1) || ((int)x == cols - 1)) {
      dst.data[(int)y * dcols + (int)x] = src.data[(int)y * cols + (int)x];
    } else {
      int i = (int)y * cols + (int)x;
      s = src.data[i] + src.data[i - cols] + src.data[i + cols] + src.data[i - 1] + src.data[i + 1];
      dst.data[(int)y * dcols + (int)x] = s * 0.2f;
    }
  }
}

/* ---- histogram */

extern "C" __global__ void histogram_main(Array_int32_1 data, Array_uint32_1 hist, int nbins) {
  __shared__ unsigned int local[256];
  unsigned int t = threadIdx.x;
  long long i;
  for (int b = (int)t; b < nbins; b += (int)blockDim.x)
    local[b] = 0u;
  __syncthreads();
  for (i = (long long)(blockIdx.x * blockDim.x + threadIdx.x); i < data.size; i += (long long)(blockDim.x * gridDim.x)) {
    atomicAdd(&local[py_mod_int32(data.data[i], nbins)], 1u);
  }
  __syncthreads();
  for (int b = (int)t; b < nbins; b += (int)blockDim.x)
    atomicAdd(&hist.data[b], local[b]);
}

/* The grid-stride loop K times per trip, the K loads first (K in flight per thread: the
   loop is latency-bound with one), then the K bodies; the rest one by one. */
#define HIST_BATCHED(NAME, K)                                                                \
extern "C" __global__ void NAME(Array_int32_1 data, Array_uint32_1 hist, int nbins) {         \
  __shared__ unsigned int local[256];                                                        \
  unsigned int t = threadIdx.x;                                                              \
  long long i;                                                                               \
  for (int b = (int)t; b < nbins; b += (int)blockDim.x)                                      \
    local[b] = 0u;                                                                           \
  __syncthreads();                                                                           \
  long long st = (long long)(blockDim.x * gridDim.x);                                        \
  for (i = (long long)(blockIdx.x * blockDim.x + threadIdx.x); i < data.size - (K - 1) * st;  \
       i += K * st) {                                                                        \
    int v[K];                                                                                \
    _Pragma("unroll") for (int k = 0; k < K; k++) v[k] = data.data[i + k * st];              \
    _Pragma("unroll") for (int k = 0; k < K; k++) atomicAdd(&local[py_mod_int32(v[k], nbins)], 1u); \
  }                                                                                          \
  for (; i < data.size; i += st)                                                             \
    atomicAdd(&local[py_mod_int32(data.data[i], nbins)], 1u);                                \
  __syncthreads();                                                                           \
  for (int b = (int)t; b < nbins; b += (int)blockDim.x)                                      \
    atomicAdd(&hist.data[b], local[b]);                                                      \
}
HIST_BATCHED(histogram_b2, 2)
HIST_BATCHED(histogram_b4, 4)
HIST_BATCHED(histogram_b8, 8)
