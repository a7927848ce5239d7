/*
 * cpu_lib.h: cupyx.jit's device libraries on the CPU backend (part of the preamble: the
 * build splices this text into cpu_rt.h where it includes it). What src/types/devlib.c's
 * C spellings call, computing what the GPU computes:
 *
 * jit.cg  the thread block's and the grid's ranks and sizes from the indices; a grid's
 *         sync() is the scheduler's grid barrier (a cooperative launch runs every block
 *         of the grid at once, fiber.c); is_valid() says whether the launch was
 *         cooperative. memcpy_async(block, dst, src, n): each thread copies its share of
 *         the bytes (byte i by thread i % size), so that the copy is collective as on the
 *         GPU and complete, for every thread, at the wait()/wait_prior() barrier.
 * jit.cub WarpReduce and BlockReduce (BLOCK_REDUCE_WARP_REDUCTIONS, CUB's default) in
 *         CUB's order of operations: a warp's lanes combine as its shuffle steps do (offset
 *         1, 2, 4, 8, 16: lane l takes op(v[l], v[l + offset]) while l + offset is a valid
 *         lane), every lane ending with the GPU's value; a block's thread 0 then folds the
 *         warps' results in warp order. Values are stored as T between steps (int8 wraps
 *         as CUB's T does; float16 reducers are float32 ones, as cupyx.jit's are). A warp
 *         exchanges its values through the warp's shuffles; a block's TempStorage holds
 *         each thread's value, two barriers framing its use.
 */

/* ---- jit.cg ---- */
#define pykc_cg_this_group() ((void)0)
static inline unsigned int pykc_cg_block_rank(void) {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static inline unsigned int pykc_cg_block_size(void) {
  return blockDim.x * blockDim.y * blockDim.z;
}
static inline unsigned long long pykc_cg_grid_block_rank(void) {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
static inline unsigned long long pykc_cg_grid_blocks(void) {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
}
static inline unsigned long long pykc_cg_grid_rank(void) {
  return pykc_cg_grid_block_rank() * pykc_cg_block_size() + pykc_cg_block_rank();
}
static inline unsigned long long pykc_cg_grid_size(void) {
  return pykc_cg_grid_blocks() * pykc_cg_block_size();
}
#define pykc_cg_grid_valid() (pykc_cpu.coop != 0)
#define pykc_grid_sync() pykc_cpu.grid_sync(&pykc_cpu, __FILE__, __LINE__)
#define pykc_cg_wait() __syncthreads()
static inline void pykc_cg_memcpy_async(void *dst, const void *src, unsigned int n) {
  unsigned int size = pykc_cg_block_size();
  for (unsigned int i = pykc_cg_block_rank(); i < n; i += size)
    ((unsigned char *)dst)[i] = ((const unsigned char *)src)[i];
}

/* ---- jit.cub ---- */
enum { PYKC_CUB_SUM, PYKC_CUB_MAX, PYKC_CUB_MIN };

/* *dst = src's value in the lane `o` above (its own beyond the warp), for a T of any size:
   __shfl_down_sync of its 8-byte words */
static inline void pykc_cub_shfl_down(void *dst, const void *src, size_t size, unsigned int o) {
  for (size_t i = 0; i < size; i += 8) {
    uint64_t w = 0;
    size_t k = size - i < 8 ? size - i : 8;
    memcpy(&w, (const char *)src + i, k);
    w = pykc_cpu.warp(&pykc_cpu, PYKC_SHFL_DOWN, 0xffffffffu, w, (int)o, 32, __FILE__, __LINE__);
    memcpy((char *)dst + i, &w, k);
  }
}

/* The functions of dtype N: storage type T, value type V (the emitted code's value
   convention: small integers are ints), T's sum ADD(a, b) and CuPy's a < b LESS(a, b).
   max/min are cuda::maximum/minimum on (own, other): LESS(a, b) ? b : a and
   LESS(a, b) ? a : b. PYKC_CUB_DEF defines the integer and float ones here; the emitted
   program instantiates the complex ones after its complex types (emit_complex.c). */
#define PYKC_CUB_DEF(N, T, V, ADD, LESS)                                                  \
  static inline T pykc_cub_op_##N(T a, T b, int op) {                                     \
    if (op == PYKC_CUB_SUM)                                                               \
      return ADD(a, b);                                                                   \
    if (op == PYKC_CUB_MAX)                                                               \
      return LESS(a, b) ? b : a;                                                          \
    return LESS(a, b) ? a : b;                                                            \
  }                                                                                       \
  /* the shuffle steps over w[0..valid) (a warp), in place; w[l] ends as lane l's value */ \
  static inline void pykc_cub_steps_##N(T *w, int valid, int op) {                         \
    for (int o = 1; o < 32; o <<= 1)                                                      \
      for (int l = 0; l + o < valid; l++)                                                 \
        w[l] = pykc_cub_op_##N(w[l], w[l + o], op);                                       \
  }                                                                                       \
  /* a warp: the same steps through the warp's shuffles, its TempStorage unused (as      \
     CUB's WarpReduceShfl's), so that warps sharing one compute apart as on the GPU */   \
  static inline V pykc_cub_warp_##N(void *tmp, V v, int op) {                             \
    T x = v, other;                                                                       \
    unsigned int lane = pykc_laneid();                                                    \
    unsigned int base = pykc_cg_block_rank() - lane, n = pykc_cg_block_size() - base;     \
    (void)tmp;                                                                            \
    for (unsigned int o = 1; o < 32; o <<= 1) {                                           \
      pykc_cub_shfl_down(&other, &x, sizeof x, o);                                        \
      if (lane + o < n)                                                                   \
        x = pykc_cub_op_##N(x, other, op);                                                \
    }                                                                                     \
    return x;                                                                             \
  }                                                                                       \
  static inline V pykc_cub_block_##N(void *tmp, V v, int op, unsigned int nthreads) {     \
    T *s = (T *)tmp, w[32], r;                                                            \
    unsigned int t = pykc_cg_block_rank();                                                \
    if (pykc_cg_block_size() != nthreads)                                                 \
      pykc_fail(__FILE__, __LINE__, "cub.BlockReduce used in a block of another size",    \
                "its BLOCK_DIM_X must be the number of threads of the block");            \
    s[t] = v;                                                                             \
    __syncthreads();                                                                      \
    for (unsigned int b = t == 0 ? 0 : t / 32 * 32; b < nthreads; b += 32) {              \
      int valid = nthreads - b < 32 ? (int)(nthreads - b) : 32;                           \
      memcpy(w, s + b, (size_t)valid * sizeof(T));                                        \
      pykc_cub_steps_##N(w, valid, op);                                                   \
      r = t != 0 ? w[t % 32] : b == 0 ? w[0] : pykc_cub_op_##N(r, w[0], op);              \
      if (t != 0)                                                                         \
        break;                                                                            \
    }                                                                                     \
    __syncthreads();                                                                      \
    return r;                                                                             \
  }
/* An integer or float dtype's: the sum computed in A (int8 wraps as CUDA's plus on
   signed char does), compared as V. */
#define PYKC_CUB_SCALAR(N, T, V, A)                                                       \
  static inline T pykc_cub_add_##N(T a, T b) { return (T)((A)a + (A)b); }                \
  static inline int pykc_cub_less_##N(T a, T b) { return (V)a < (V)b; }                  \
  PYKC_CUB_DEF(N, T, V, pykc_cub_add_##N, pykc_cub_less_##N)
PYKC_CUB_SCALAR(bool, bool, int, int)
PYKC_CUB_SCALAR(int8, int8_t, int, int)
PYKC_CUB_SCALAR(uint8, uint8_t, int, int)
PYKC_CUB_SCALAR(int16, int16_t, int, int)
PYKC_CUB_SCALAR(uint16, uint16_t, int, int)
PYKC_CUB_SCALAR(int32, int32_t, int, unsigned int)
PYKC_CUB_SCALAR(uint32, uint32_t, unsigned int, unsigned int)
PYKC_CUB_SCALAR(int64, long long, long long, unsigned long long)
PYKC_CUB_SCALAR(uint64, unsigned long long, unsigned long long, unsigned long long)
PYKC_CUB_SCALAR(float32, float, float, float)
PYKC_CUB_SCALAR(float64, double, double, double)
#undef PYKC_CUB_SCALAR
/* bool is <stdbool.h>'s macro, so its functions were named after _Bool */
#define pykc_cub_warp_bool pykc_cub_warp__Bool
#define pykc_cub_block_bool pykc_cub_block__Bool
