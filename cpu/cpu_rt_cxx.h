/*
 * cpu/cpu_rt_cxx.h: the C++-only part of the CPU backend's preamble (cpu_rt.h), what CUDA
 * C++ code (.cu files, RawKernel/RawModule code, generated form code) takes for granted:
 * CUDA's global min/max, overloads where C11 has _Generic, templates of the warp and
 * cooperative-groups built-ins, the complex and libcu++ pieces, the entry trampolines.
 * Not a header of its own: the Makefile splices it into build/cpu_rt.inc where cpu_rt.h
 * includes it, inside cpu_rt.h's `#ifdef __cplusplus` (it relies on everything above).
 */
/* CUDA's global min/max: the usual arithmetic conversions pick the type (min(int,
   unsigned) is unsigned, min(float, double) double); floats go through fminf/fmin, so
   a NaN loses to a number as on the GPU. Types without `+` are not candidates. */
static inline float pykc_min2(float a, float b) { return fminf(a, b); }
static inline double pykc_min2(double a, double b) { return fmin(a, b); }
template <class T> static inline T pykc_min2(T a, T b) { return b < a ? b : a; }
static inline float pykc_max2(float a, float b) { return fmaxf(a, b); }
static inline double pykc_max2(double a, double b) { return fmax(a, b); }
template <class T> static inline T pykc_max2(T a, T b) { return a < b ? b : a; }
template <class A, class B> static inline auto min(A a, B b) -> decltype(a + b) {
  return pykc_min2((decltype(a + b))a, (decltype(a + b))b);
}
template <class A, class B> static inline auto max(A a, B b) -> decltype(a + b) {
  return pykc_max2((decltype(a + b))a, (decltype(a + b))b);
}

/* __match_any_sync / __match_all_sync and the __reduce_*_sync of sm_80: every lane of
   MASK shuffles from each lane of MASK in turn (so the scheduler's checks of the mask
   apply); matches compare bits. */
template <class T>
static inline unsigned int pykc_match_any(unsigned int mask, T v, const char *file, int line) {
  unsigned int r = 0;
  for (int j = 0; j < 32; j++)
    if (mask >> j & 1) {
      T w = pykc_shfl(PYKC_SHFL_IDX, mask, v, j, 32, file, line);
      r |= memcmp(&w, &v, sizeof v) == 0 ? 1u << j : 0u;
    }
  return r;
}
template <class T>
static inline unsigned int pykc_match_all(unsigned int mask, T v, int *pred, const char *file,
                                          int line) {
  bool all = pykc_match_any(mask, v, file, line) == mask;
  *pred = all;
  return all ? mask : 0u;
}
#define __match_any_sync(mask, v) pykc_match_any((mask), (v), __FILE__, __LINE__)
#define __match_all_sync(mask, v, pred) pykc_match_all((mask), (v), (pred), __FILE__, __LINE__)
template <class T, class F>
static inline T pykc_reduce(unsigned int mask, T v, F op, const char *file, int line) {
  T r = v;
  bool first = true;
  for (int j = 0; j < 32; j++)
    if (mask >> j & 1) {
      T w = pykc_shfl(PYKC_SHFL_IDX, mask, v, j, 32, file, line);
      r = first ? w : op(r, w);
      first = false;
    }
  return r;
}
#define PYKC_REDUCE(name, T, expr)                                                      \
  static inline T pykc_##name(unsigned int mask, T v, const char *file, int line) {      \
    return pykc_reduce(mask, v, [](T a, T b) -> T { return (expr); }, file, line);       \
  }
PYKC_REDUCE(reduce_add, int, (int)((unsigned)a + (unsigned)b))
PYKC_REDUCE(reduce_add, unsigned int, a + b)
PYKC_REDUCE(reduce_min, int, a < b ? a : b)
PYKC_REDUCE(reduce_min, unsigned int, a < b ? a : b)
PYKC_REDUCE(reduce_max, int, a > b ? a : b)
PYKC_REDUCE(reduce_max, unsigned int, a > b ? a : b)
PYKC_REDUCE(reduce_and, unsigned int, a & b)
PYKC_REDUCE(reduce_or, unsigned int, a | b)
PYKC_REDUCE(reduce_xor, unsigned int, a ^ b)
#define __reduce_add_sync(mask, v) pykc_reduce_add((mask), (v), __FILE__, __LINE__)
#define __reduce_min_sync(mask, v) pykc_reduce_min((mask), (v), __FILE__, __LINE__)
#define __reduce_max_sync(mask, v) pykc_reduce_max((mask), (v), __FILE__, __LINE__)
#define __reduce_and_sync(mask, v) pykc_reduce_and((mask), (v), __FILE__, __LINE__)
#define __reduce_or_sync(mask, v) pykc_reduce_or((mask), (v), __FILE__, __LINE__)
#define __reduce_xor_sync(mask, v) pykc_reduce_xor((mask), (v), __FILE__, __LINE__)

/* <cooperative_groups.h>, the block and its tiles: thread_block (sync, thread_rank, size,
   group_index, thread_index, dim_threads), tiled_partition<N> (N a power of two <= 32:
   sync, thread_rank, size, meta_group_rank/size, shfl/_up/_down/_xor, any, all, ballot,
   match_any), the grid of a cooperative launch (this_grid: sync, is_valid, thread_rank,
   size) and cooperative_groups::sync. */
namespace cooperative_groups {
struct thread_block {
  void sync() const { __syncthreads(); }
  unsigned long long thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  unsigned long long size() const { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
  unsigned long long num_threads() const { return size(); }
  dim3 group_index() const { return dim3(blockIdx); }
  dim3 thread_index() const { return dim3(threadIdx); }
  dim3 dim_threads() const { return dim3(blockDim); }
};
static inline thread_block this_thread_block() { return thread_block(); }
template <unsigned N> struct thread_block_tile {
  static_assert(N && N <= 32 && (N & (N - 1)) == 0, "tile sizes are powers of two up to 32");
  unsigned int mask() const {
    return N == 32 ? 0xffffffffu : ((1u << N) - 1) << (pykc_laneid() / N * N);
  }
  void sync() const { __syncwarp(mask()); }
  unsigned long long thread_rank() const { return pykc_laneid() % N; }
  unsigned long long size() const { return N; }
  unsigned long long num_threads() const { return N; }
  unsigned long long meta_group_rank() const { return thread_block().thread_rank() / N; }
  unsigned long long meta_group_size() const { return (thread_block().size() + N - 1) / N; }
  template <class T> T shfl(T v, int src) const { return __shfl_sync(mask(), v, src, N); }
  template <class T> T shfl_up(T v, unsigned d) const { return __shfl_up_sync(mask(), v, d, N); }
  template <class T> T shfl_down(T v, unsigned d) const {
    return __shfl_down_sync(mask(), v, d, N);
  }
  template <class T> T shfl_xor(T v, unsigned m) const { return __shfl_xor_sync(mask(), v, m, N); }
  int any(int p) const { return __any_sync(mask(), p); }
  int all(int p) const { return __all_sync(mask(), p); }
  unsigned int ballot(int p) const { return __ballot_sync(mask(), p) >> (pykc_laneid() / N * N); }
  template <class T> unsigned int match_any(T v) const {
    return __match_any_sync(mask(), v) >> (pykc_laneid() / N * N);
  }
};
template <unsigned N> static inline thread_block_tile<N> tiled_partition(const thread_block &) {
  return thread_block_tile<N>();
}
/* The grid of a cooperative launch (a kernel that takes this_grid() is launched so):
   sync() is the grid barrier. */
struct grid_group {
  void sync() const { pykc_cpu.grid_sync(&pykc_cpu, __FILE__, __LINE__); }
  bool is_valid() const { return pykc_cpu.coop != 0; }
  unsigned long long thread_rank() const {
    unsigned long long b = (blockIdx.z * (unsigned long long)gridDim.y + blockIdx.y) * gridDim.x +
                           blockIdx.x;
    return b * thread_block().size() + thread_block().thread_rank();
  }
  unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * thread_block().size();
  }
  unsigned long long num_threads() const { return size(); }
  dim3 group_dim() const { return dim3(gridDim); }
  dim3 dim_blocks() const { return dim3(gridDim); }
  dim3 block_index() const { return dim3(blockIdx); }
};
static inline grid_group this_grid() { return grid_group(); }
template <class G> static inline void sync(const G &g) { g.sync(); }
}  // namespace cooperative_groups

/* Vector types with CUDA's alignment (N = 2: twice the element, N = 4: four times, at
   most 16 bytes; N = 1, 3: the element's) and make_TYPEN. */
#define PYKC_VEC_ALIGN(T, N) \
  ((N) == 2 ? 2 * sizeof(T) : (N) == 4 ? (4 * sizeof(T) < 16 ? 4 * sizeof(T) : 16) : sizeof(T))
#define PYKC_VEC_N(name, T, N, ...) \
  struct __attribute__((aligned(PYKC_VEC_ALIGN(T, N)))) name { T __VA_ARGS__; };
#define PYKC_MAKE_N(name, PARAMS, ...) \
  static inline name make_##name PARAMS { name v; __VA_ARGS__; return v; }
#define PYKC_VEC124(name, T)                                                              \
  PYKC_VEC_N(name##1, T, 1, x) PYKC_VEC_N(name##2, T, 2, x, y)                            \
  PYKC_VEC_N(name##4, T, 4, x, y, z, w)                                                   \
  PYKC_MAKE_N(name##1, (T x), v.x = x)                                                    \
  PYKC_MAKE_N(name##2, (T x, T y), v.x = x, v.y = y)                                      \
  PYKC_MAKE_N(name##4, (T x, T y, T z, T w), v.x = x, v.y = y, v.z = z, v.w = w)
#define PYKC_VEC(name, T)                                                                 \
  PYKC_VEC124(name, T) PYKC_VEC_N(name##3, T, 3, x, y, z)                                 \
  PYKC_MAKE_N(name##3, (T x, T y, T z), v.x = x, v.y = y, v.z = z)
PYKC_VEC(char, signed char)
PYKC_VEC(uchar, unsigned char)
PYKC_VEC(short, short)
PYKC_VEC(ushort, unsigned short)
PYKC_VEC(int, int)
PYKC_VEC124(uint, unsigned int)                    /* uint3 is pykc_dim3 (threadIdx's type) */
PYKC_MAKE_N(uint3, (unsigned int x, unsigned int y, unsigned int z), v.x = x, v.y = y, v.z = z)
PYKC_VEC(long, long)
PYKC_VEC(ulong, unsigned long)
PYKC_VEC(longlong, long long)
PYKC_VEC(ulonglong, unsigned long long)
PYKC_VEC(float, float)
PYKC_VEC(double, double)

/* <cuComplex.h>: cuFloatComplex (= cuComplex) is float2, cuDoubleComplex double2, with
   CUDA's formulas (division scaled by |re| + |im|; cuCabs its own scaled sqrt). */
typedef float2 cuFloatComplex;
typedef float2 cuComplex;
typedef double2 cuDoubleComplex;
#define PYKC_CUCOMPLEX(C, T, f, MAXV)                                                        \
  static inline T cuCreal##f(C x) { return x.x; }                                            \
  static inline T cuCimag##f(C x) { return x.y; }                                            \
  static inline C make_##C(T r, T i) { C z; z.x = r, z.y = i; return z; }                    \
  static inline C cuConj##f(C x) { return make_##C(x.x, -x.y); }                             \
  static inline C cuCadd##f(C x, C y) { return make_##C(x.x + y.x, x.y + y.y); }             \
  static inline C cuCsub##f(C x, C y) { return make_##C(x.x - y.x, x.y - y.y); }             \
  static inline C cuCmul##f(C x, C y) {                                                      \
    return make_##C(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);                           \
  }                                                                                          \
  static inline C cuCdiv##f(C x, C y) {                                                      \
    T s = fabs##f(y.x) + fabs##f(y.y), oos = (T)1 / s;                                       \
    T ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;                    \
    oos = (T)1 / (brs * brs + bis * bis);                                                    \
    return make_##C((ars * brs + ais * bis) * oos, (ais * brs - ars * bis) * oos);           \
  }                                                                                          \
  static inline T cuCabs##f(C x) {                                                           \
    T a = fabs##f(x.x), b = fabs##f(x.y), v = a > b ? a : b, w = a > b ? b : a;              \
    T t = w / v;                                                                             \
    t = v * sqrt##f((T)1 + t * t);                                                           \
    return v == 0 || v > (MAXV) || w > (MAXV) ? v + w : t;                                   \
  }                                                                                          \
  static inline C cuCfma##f(C x, C y, C d) {                                                 \
    T re = -(x.y * y.y) + (x.x * y.x + d.x), im = x.y * y.x + (x.x * y.y + d.y);             \
    return make_##C(re, im);                                                                 \
  }
PYKC_CUCOMPLEX(cuFloatComplex, float, f, 3.402823466e38f)
PYKC_CUCOMPLEX(cuDoubleComplex, double, , 1.79769313486231570e+308)
static inline cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) {
  return make_cuDoubleComplex(z.x, z.y);
}
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return make_cuFloatComplex((float)z.x, (float)z.y);
}

/* assert() in CUDA C++ stops the grid like a trap: glibc's macro (from <assert.h>, here or
   the user's include) calls __assert_fail, which the module defines (hidden: its calls
   bind to this one, never to the process's abort) to report "FILE:LINE: assertion failed:
   EXPR". -DNDEBUG turns asserts off as with NVRTC. */
extern "C" __attribute__((visibility("hidden"))) void
__assert_fail(const char *expr, const char *file, unsigned int line, const char *fn) noexcept {
  (void)fn;
  pykc_fail(file, (int)line, "assertion failed", expr);
}

/* A template's static __shared__ array (cxx.c rewrites its declaration): BYTES taken
   once per instance from the top of the pool pykc_tshared, so that the first array ends
   at the upper guard page; each is 16-byte aligned. */
extern char pykc_tshared[65536] __attribute__((visibility("hidden")));
static void *pykc_static_shared(size_t bytes, const char *file, int line) {
  static size_t used;
  if (bytes > sizeof pykc_tshared - used)
    pykc_fail(file, line, "static __shared__ memory of templates exceeds 64 KiB", NULL);
  used = (used + bytes + 15) & ~(size_t)15;
  return pykc_tshared + sizeof pykc_tshared - used;
}

/* Entry trampolines: PYKC_ENTRY(E, F) defines `extern "C" void E__entry(void **args)`
   calling the kernel F (a function, or a template instance such as f<float, 3>) with
   *(Ai *)args[i], Ai its i-th parameter type (pykc_slot): the types come from the kernel
   itself. */
template <unsigned... I> struct pykc_seq {};
template <unsigned N, unsigned... I> struct pykc_mkseq : pykc_mkseq<N - 1, N - 1, I...> {};
template <unsigned... I> struct pykc_mkseq<0, I...> {
  typedef pykc_seq<I...> type;
};
/* An argument of type A from its slot: a value, or for a reference parameter (`const
   float &v`, which CuPy fills with an array: its pointer) the object the slot's pointer
   points at. */
template <class A> struct pykc_slot {
  static A get(void *p) { return *static_cast<A *>(p); }
};
template <class T> struct pykc_slot<T &> {
  static T &get(void *p) { return **static_cast<T **>(p); }
};
template <class T> struct pykc_slot<T &&> {
  static T &&get(void *p) { return static_cast<T &&>(**static_cast<T **>(p)); }
};
template <class... A, unsigned... I>
static inline void pykc_call(void (*f)(A...), void **args, pykc_seq<I...>) {
  (void)args;
  f(pykc_slot<A>::get(args[I])...);
}
template <class... A> static inline void pykc_invoke(void (*f)(A...), void **args) {
  pykc_call(f, args, typename pykc_mkseq<sizeof...(A)>::type());
}
#define PYKC_ENTRY(entry, ...)                                                 \
  extern "C" __attribute__((visibility("default"))) void entry##__entry(void **args) { \
    pykc_invoke(__VA_ARGS__, args);                                              \
  }
