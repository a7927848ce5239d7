// Hand-written variants of examples/stencil2d.py with several rows per thread (nvcc -O3),
// for bench/stencil_sweep.py: what a 2-D map twin (docs/design.md §5.3) can reach against
// bench/ref/stencil2d.cu's one element per thread. Same arithmetic and order of the sum as
// the anchor; every variant reads the trips' values first (predicated loads: a load that
// the border test would skip is not made), then stores.
//   tileR   block (bx, by) covers bx x (by * R) elements; a thread's rows blockDim.y apart
//   gsB     a grid-stride loop in y (rows gridDim.y * blockDim.y apart), B trips at a time
//           with their loads first, then the rest one by one: the shape of pykc's 2-D twin;
//           the launch's grid.y sets the rows per thread
//   consR   R consecutive rows per thread, each source value loaded once (a column of R + 2
//           values slides down): the fewest loads
//   *_nc    the same with src read through the read-only path (const __restrict__)

template <int R, bool NC>
__device__ __forceinline__ void rows_at(const float *src, float *dst, int rows, int cols,
                                        int x, int y0, int step) {
  float c[R], n[R], s[R], w[R], e[R];
  bool in[R], inner[R];
#pragma unroll
  for (int k = 0; k < R; k++) {
    int y = y0 + k * step;
    in[k] = y < rows && x < cols;
    inner[k] = in[k] && y != 0 && x != 0 && y != rows - 1 && x != cols - 1;
    long long i = (long long)y * cols + x;
    if (NC) {
      c[k] = in[k] ? __ldg(&src[i]) : 0.f;
      n[k] = inner[k] ? __ldg(&src[i - cols]) : 0.f;
      s[k] = inner[k] ? __ldg(&src[i + cols]) : 0.f;
      w[k] = inner[k] ? __ldg(&src[i - 1]) : 0.f;
      e[k] = inner[k] ? __ldg(&src[i + 1]) : 0.f;
    } else {
      c[k] = in[k] ? src[i] : 0.f;
      n[k] = inner[k] ? src[i - cols] : 0.f;
      s[k] = inner[k] ? src[i + cols] : 0.f;
      w[k] = inner[k] ? src[i - 1] : 0.f;
      e[k] = inner[k] ? src[i + 1] : 0.f;
    }
  }
#pragma unroll
  for (int k = 0; k < R; k++) {
    int y = y0 + k * step;
    if (in[k])
      dst[(long long)y * cols + x] = inner[k] ? (c[k] + n[k] + s[k] + w[k] + e[k]) * 0.2f : c[k];
  }
}

template <int R, bool NC>
__device__ __forceinline__ void tile(const float *src, float *dst, int rows, int cols) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y0 = blockIdx.y * blockDim.y * R + threadIdx.y;
  rows_at<R, NC>(src, dst, rows, cols, x, y0, blockDim.y);
}

template <int B>
__device__ __forceinline__ void gs(const float *src, float *dst, int rows, int cols) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= cols)
    return;
  int step = blockDim.y * gridDim.y;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  for (; y + (B - 1) * step < rows; y += B * step)
    rows_at<B, false>(src, dst, rows, cols, x, y, step);
  for (; y < rows; y += step)
    rows_at<1, false>(src, dst, rows, cols, x, y, step);
}

template <int R, bool NC>
__device__ __forceinline__ void cons(const float *src, float *dst, int rows, int cols) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * R;
  if (x >= cols || y0 >= rows)
    return;
  float col[R + 2], w[R], e[R];
  bool side = x != 0 && x != cols - 1;
#pragma unroll
  for (int k = 0; k < R + 2; k++) {
    int y = y0 + k - 1;
    bool ok = y >= 0 && y < rows;
    long long i = (long long)y * cols + x;
    col[k] = ok ? (NC ? __ldg(&src[i]) : src[i]) : 0.f;
  }
#pragma unroll
  for (int k = 0; k < R; k++) {
    int y = y0 + k;
    bool ok = side && y < rows;
    long long i = (long long)y * cols + x;
    w[k] = ok ? (NC ? __ldg(&src[i - 1]) : src[i - 1]) : 0.f;
    e[k] = ok ? (NC ? __ldg(&src[i + 1]) : src[i + 1]) : 0.f;
  }
#pragma unroll
  for (int k = 0; k < R; k++) {
    int y = y0 + k;
    if (y < rows) {
      bool inner = side && y != 0 && y != rows - 1;
      dst[(long long)y * cols + x] =
          inner ? (col[k + 1] + col[k] + col[k + 2] + w[k] + e[k]) * 0.2f : col[k + 1];
    }
  }
}

#define TILE(R, NC, NAME) \
  extern "C" __global__ void NAME(const float *src, float *dst, int rows, int cols) { \
    tile<R, NC>(src, dst, rows, cols); }
#define GS(B) \
  extern "C" __global__ void gs##B(const float *src, float *dst, int rows, int cols) { \
    gs<B>(src, dst, rows, cols); }
#define CONS(R, NC, NAME) \
  extern "C" __global__ void NAME(const float *src, float *dst, int rows, int cols) { \
    cons<R, NC>(src, dst, rows, cols); }

TILE(1, false, tile1)
TILE(2, false, tile2)
TILE(4, false, tile4)
TILE(8, false, tile8)
TILE(1, true, tile1_nc)
TILE(4, true, tile4_nc)
GS(2)
GS(4)
CONS(2, false, cons2)
CONS(4, false, cons4)
CONS(8, false, cons8)
CONS(4, true, cons4_nc)

// The device's copy as a kernel (float4, grid-stride): bytes read plus written per second.
extern "C" __global__ void copy4(const float4 *src, float4 *dst, long long n4) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4;
       i += (long long)blockDim.x * gridDim.x)
    dst[i] = src[i];
}
