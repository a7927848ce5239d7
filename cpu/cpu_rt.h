/*
 * cpu/cpu_rt.h: the C11 preamble of the CPU backend. cpu.c prepends it to the C that
 * emit_c.c emits (TARGET_C), and the whole is compiled with `$CC -std=gnu11 -O2 -fPIC
 * -shared` (gcc >= 12 on x86-64 for _Float16). It implements CUDA's device built-ins in C11
 * so that the emitted code can keep CUDA spellings. The threads of a block are fibers run
 * by the host's scheduler (cpu/fiber.c); the two sides meet in one exported struct,
 * `PykcCpu pykc_cpu`, which the host finds with dlsym and fills in before a launch: the
 * current thread's indices (rewritten on every fiber switch) and the host callbacks
 * behind barriers, warp collectives and errors. The host includes this file with
 * PYKC_CPU_HOST defined and gets only the struct.
 *
 * NAMES PROVIDED (the contract with emit_c.c):
 *   types      __half (= _Float16), dim3 / uint3 (= pykc_dim3: unsigned x, y, z)
 *   qualifiers __global__ __device__ __host__ __forceinline__ __noinline__ (no-ops),
 *              __restrict__ (restrict), __align__(N), __shared__ (= static: blocks run one
 *              after another, so one copy of a static __shared__ array suffices; in
 *              section pykc_shared, 0xff-poisoned before each block in --debug)
 *   indices    threadIdx blockIdx blockDim gridDim (.x .y .z, unsigned int), warpSize (32),
 *              pykc_laneid() (lane of this thread: linear thread index % 32)
 *   dyn shared pykc_dyn_shared (char *, the launch's dynamic shared-memory bytes, 16-byte
 *              aligned; zeroed once per launch, 0xff-poisoned before each block in --debug),
 *              pykc_dyn_shared_bytes (size_t)
 *   barriers   __syncthreads(), __syncwarp() / __syncwarp(mask)
 *   warp       __shfl_sync / __shfl_up_sync / __shfl_down_sync / __shfl_xor_sync
 *              (mask, v, lane_or_delta[, width=32]) for v of int32 uint32 int64 uint64
 *              (long and long long) float double __half;
 *              __ballot_sync(mask, pred) -> unsigned, __all_sync / __any_sync(mask, pred)
 *              -> int, __activemask() -> unsigned (the lanes of the warp that reach the same
 *              __activemask() call: it waits for the warp's other live lanes, and
 *              settles for those that arrived when the rest returned or block elsewhere)
 *   bits       __popc __popcll __clz __clzll __ffs __ffsll __brev __brevll
 *   fences     __threadfence() __threadfence_block()
 *   atomics    atomicAdd atomicSub atomicExch atomicMin atomicMax atomicAnd atomicOr
 *              atomicXor (T *p, T v) -> old; atomicInc / atomicDec (unsigned *p, unsigned v);
 *              atomicCAS(T *p, T compare, T val) -> old. T: int, unsigned, long, unsigned
 *              long, long long, unsigned long long for all of them; float, double, __half
 *              for Add, Sub, Exch and CAS (CAS compares bits); unsigned short for CAS.
 *   half       __half2float(h), __float2half(f), __double2half(d) (round to nearest even)
 *   math       <math.h> (with _GNU_SOURCE: exp10, exp10f, sincos, sincosf; hypot and
 *              hypotf are CUDA's algorithms, pykc_hypot / pykc_hypotf), plus rsqrtf
 *              rsqrt __fdividef fdividef __expf __exp10f __logf __log2f __log10f __sinf
 *              __cosf __tanf __powf __saturatef
 *   float->int pykc_cvt_i8 _i16 _i32 _i64 _u8 _u16 _u32 _u64 (double x): PTX cvt.rzi
 *              semantics: truncate toward zero, NaN -> 0, clamp to the destination range
 *              (float and __half arguments convert to double exactly)
 *   errors     __trap() (reports "FILE:LINE: trap" and stops the grid);
 *              pykc_assert(cond, msg) (msg: a C string or NULL; reports
 *              "FILE:LINE: assertion failed[: msg]");
 *              int64_t pykc_check_index(int64_t idx, int64_t extent, int dim,
 *                                       const char *file, int line)
 *              returns idx, or reports "FILE:LINE: index I out of bounds for axis D with
 *              size N" and stops the grid.
 *   --debug    what emit_index.c / emit_stmt.c emit under --debug (the same text as for
 *              CUDA, where emit_cuda.c's preamble defines them):
 *              pykc_check(i, n, axis, ndim, shape, name, line) returns i when
 *              0 <= i < n, else reports "FILE:LINE: index I out of bounds for axis D of
 *              NAME with shape (S0, S1)" (shape: the array's long long shape[ndim], or 0
 *              for a shared/local array of n elements: shape (n,)) and stops the grid;
 *              pykc_assert_fail(line, msg) reports "FILE:LINE: assertion failed[: msg]"
 *              and stops the grid. FILE is __FILE__ (the #line directives' .py file).
 *   printf     <stdio.h>'s (the host flushes stdout after the grid).
 * Every barrier and collective records __FILE__ and __LINE__ for its error messages:
 * emit `#line N "file.py"` before statements so they name the Python source line.
 * Entry point: the emitter defines `void NAME__entry(void **args)` per kernel, args[i]
 * pointing at the i-th argument's ABI value (arrays: {T *data; int64_t size;
 * int64_t shape[N]; int64_t strides[N];}, strides in bytes).
 */
#ifndef PYKC_CPU_RT_H
#define PYKC_CPU_RT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef PYKC_CPU_HOST
#include "../include/pykc.h"                       /* pykc_dim3, the same struct */
#elif !defined(PYKC_H)                             /* (tests/cpu/test_fibers.c has both) */
typedef struct pykc_dim3 {
  unsigned int x, y, z;
} pykc_dim3;
#endif

/* Warp collective operations (PykcCpu.warp's op). */
enum {
  PYKC_SHFL_IDX, PYKC_SHFL_UP, PYKC_SHFL_DOWN, PYKC_SHFL_XOR,
  PYKC_BALLOT, PYKC_ALL, PYKC_ANY, PYKC_SYNCWARP,
  PYKC_ACTIVEMASK,                                 /* host only: __activemask() */
  PYKC_WARP_NOPS
};

/* The state shared by the kernel module and the host scheduler. */
typedef struct PykcCpu PykcCpu;
struct PykcCpu {
  pykc_dim3 tid, bid, bdim, gdim;                  /* the current thread's view */
  unsigned int lane;                               /* linear thread index % 32 */
  char *dyn_shared;                                /* dynamic shared memory */
  size_t dyn_shared_bytes;
  void *sched;                                     /* host: the scheduler */
  void (*sync)(PykcCpu *c, const char *file, int line);
  uint64_t (*warp)(PykcCpu *c, int op, unsigned int mask, uint64_t val, int arg, int width,
                   const char *file, int line);
  unsigned int (*activemask)(PykcCpu *c);
  /* Stop the grid with "FILE:LINE: WHAT[: MSG]"; never returns. */
  void (*fail)(PykcCpu *c, const char *file, int line, const char *what, const char *msg);
  /* Stop the grid with an index-out-of-bounds report; never returns. */
  void (*oob)(PykcCpu *c, int64_t idx, int64_t extent, int dim, const char *file, int line);
  /* Module: fills the static __shared__ arrays with BYTE (--debug poisons them before
     each block, as it does the dynamic shared memory). */
  void (*poison_shared)(int byte);
  /* Module: two 4 KiB page-aligned arrays in section pykc_shared, defined first and last
     in the module so that they bound the static __shared__ arrays; the host makes them
     PROT_NONE (where pages are 4 KiB), so that an overrun faults. */
  char *shared_guard[2];
};
#define PYKC_GUARD 4096

#ifndef PYKC_CPU_HOST

/* Static __shared__ arrays are C statics gathered in one section, so that --debug can
   poison them between blocks (weak: a module without any has no such section), between
   guard pages: pykc_shared_lo here, pykc_shared_hi at the end of the module
   (PYKC_SHARED_END, which cpu.c appends). The compiler emits a section's variables in definition order or in
   reverse, so the guards are the section's two ends either way. */
extern char __start_pykc_shared[] __attribute__((weak, visibility("hidden")));
extern char __stop_pykc_shared[] __attribute__((weak, visibility("hidden")));
__attribute__((section("pykc_shared"), aligned(PYKC_GUARD), visibility("hidden")))
char pykc_shared_lo[PYKC_GUARD] = {0};
extern char pykc_shared_hi[PYKC_GUARD] __attribute__((visibility("hidden")));
/* The module's last line: the upper guard. */
#define PYKC_SHARED_END                                                                    \
  __attribute__((section("pykc_shared"), aligned(PYKC_GUARD), visibility("hidden")))      \
  char pykc_shared_hi[PYKC_GUARD] = {0};
static void pykc_poison_shared(int byte) {
  char *lo = __start_pykc_shared, *hi = __stop_pykc_shared;
  bool up = (uintptr_t)&pykc_shared_lo[0] < (uintptr_t)&pykc_shared_hi[0];
  char *g0 = up ? &pykc_shared_lo[0] : &pykc_shared_hi[0];
  char *g1 = up ? &pykc_shared_hi[0] : &pykc_shared_lo[0];
  char *cut[3][2] = {{lo, g0}, {g0 + PYKC_GUARD, g1}, {g1 + PYKC_GUARD, hi}};
  for (int i = 0; lo && i < 3; i++)                /* all but the guards */
    if (cut[i][1] > cut[i][0])
      memset(cut[i][0], byte, (size_t)(cut[i][1] - cut[i][0]));
}
PykcCpu pykc_cpu = {.poison_shared = pykc_poison_shared,
                    .shared_guard = {pykc_shared_lo, pykc_shared_hi}};

/* ---- qualifiers ---- */
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ restrict
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static __attribute__((section("pykc_shared")))

typedef pykc_dim3 dim3;
typedef pykc_dim3 uint3;
typedef _Float16 __half;

/* ---- indices ---- */
#define threadIdx (pykc_cpu.tid)
#define blockIdx (pykc_cpu.bid)
#define blockDim (pykc_cpu.bdim)
#define gridDim (pykc_cpu.gdim)
#define warpSize 32
#define pykc_laneid() (pykc_cpu.lane)
#define pykc_dyn_shared (pykc_cpu.dyn_shared)
#define pykc_dyn_shared_bytes (pykc_cpu.dyn_shared_bytes)

/* PYKC_OPT(default, x) is x, PYKC_OPT(default) is default (GNU ## comma elision). */
#define PYKC_OPT_(dummy, v, ...) v
#define PYKC_OPT(def, ...) PYKC_OPT_(0, ##__VA_ARGS__, def)

/* ---- barriers and warp collectives ---- */
#define __syncthreads() pykc_cpu.sync(&pykc_cpu, __FILE__, __LINE__)
#define __syncwarp(...)                                                                   \
  ((void)pykc_cpu.warp(&pykc_cpu, PYKC_SYNCWARP, PYKC_OPT(0xffffffffu, ##__VA_ARGS__), 0, 0, \
                       32, __FILE__, __LINE__))

#define PYKC_SHFL_DEF(suf, T)                                                             \
  static inline T pykc_shfl_##suf(int op, unsigned int mask, T v, int arg, int width,     \
                                  const char *file, int line) {                           \
    uint64_t bits = 0;                                                                    \
    memcpy(&bits, &v, sizeof v);                                                          \
    bits = pykc_cpu.warp(&pykc_cpu, op, mask, bits, arg, width, file, line);              \
    memcpy(&v, &bits, sizeof v);                                                          \
    return v;                                                                             \
  }
PYKC_SHFL_DEF(i32, int)
PYKC_SHFL_DEF(u32, unsigned int)
PYKC_SHFL_DEF(l, long)
PYKC_SHFL_DEF(ul, unsigned long)
PYKC_SHFL_DEF(ll, long long)
PYKC_SHFL_DEF(ull, unsigned long long)
PYKC_SHFL_DEF(f32, float)
PYKC_SHFL_DEF(f64, double)
PYKC_SHFL_DEF(f16, _Float16)

#define PYKC_SHFL(op, mask, v, arg, width)                                                \
  _Generic((v), int: pykc_shfl_i32, unsigned int: pykc_shfl_u32, long: pykc_shfl_l,       \
           unsigned long: pykc_shfl_ul, long long: pykc_shfl_ll,                          \
           unsigned long long: pykc_shfl_ull, float: pykc_shfl_f32, double: pykc_shfl_f64, \
           _Float16: pykc_shfl_f16)((op), (mask), (v), (arg), (width), __FILE__, __LINE__)
#define __shfl_sync(mask, v, src, ...) \
  PYKC_SHFL(PYKC_SHFL_IDX, mask, v, src, PYKC_OPT(32, ##__VA_ARGS__))
#define __shfl_up_sync(mask, v, delta, ...) \
  PYKC_SHFL(PYKC_SHFL_UP, mask, v, delta, PYKC_OPT(32, ##__VA_ARGS__))
#define __shfl_down_sync(mask, v, delta, ...) \
  PYKC_SHFL(PYKC_SHFL_DOWN, mask, v, delta, PYKC_OPT(32, ##__VA_ARGS__))
#define __shfl_xor_sync(mask, v, lanemask, ...) \
  PYKC_SHFL(PYKC_SHFL_XOR, mask, v, lanemask, PYKC_OPT(32, ##__VA_ARGS__))

#define __ballot_sync(mask, pred) \
  ((unsigned int)pykc_cpu.warp(&pykc_cpu, PYKC_BALLOT, (mask), (pred) != 0, 0, 32, __FILE__, __LINE__))
#define __all_sync(mask, pred) \
  ((int)pykc_cpu.warp(&pykc_cpu, PYKC_ALL, (mask), (pred) != 0, 0, 32, __FILE__, __LINE__))
#define __any_sync(mask, pred) \
  ((int)pykc_cpu.warp(&pykc_cpu, PYKC_ANY, (mask), (pred) != 0, 0, 32, __FILE__, __LINE__))
#define __activemask() (pykc_cpu.activemask(&pykc_cpu))

#define __threadfence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_block() __atomic_signal_fence(__ATOMIC_SEQ_CST)

/* ---- bit operations ---- */
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned int)x) : 32; }
static inline int __clzll(long long x) {
  return x ? __builtin_clzll((unsigned long long)x) : 64;
}
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}

/* ---- atomics: fibers are cooperative, so a plain read-modify-write is atomic ---- */
#define PYKC_ATOMIC_OP(name, suf, T, U, expr)          \
  static inline T pykc_##name##_##suf(T *p, T v) {     \
    T o = *p;                                          \
    *p = (T)(expr);                                    \
    return o;                                          \
  }
/* integer ops compute in the unsigned type U, so overflow wraps as on the GPU */
#define PYKC_ATOMIC_INTS(X)                 \
  X(i32, int, unsigned int)                 \
  X(u32, unsigned int, unsigned int)        \
  X(l, long, unsigned long)                 \
  X(ul, unsigned long, unsigned long)       \
  X(ll, long long, unsigned long long)      \
  X(ull, unsigned long long, unsigned long long)
#define PYKC_ATOMIC_FLOATS(X) X(f32, float, float) X(f64, double, double) X(f16, _Float16, _Float16)

#define PYKC_DEF_ADD_I(suf, T, U) PYKC_ATOMIC_OP(atomicAdd, suf, T, U, (U)o + (U)v)
#define PYKC_DEF_SUB_I(suf, T, U) PYKC_ATOMIC_OP(atomicSub, suf, T, U, (U)o - (U)v)
#define PYKC_DEF_ADD_F(suf, T, U) PYKC_ATOMIC_OP(atomicAdd, suf, T, U, o + v)
#define PYKC_DEF_SUB_F(suf, T, U) PYKC_ATOMIC_OP(atomicSub, suf, T, U, o - v)
/* float32 atomicAdd is PTX atom.add.f32 (SASS RED/ATOM.ADD.F32.FTZ.RN): subnormal inputs
   and results flush to sign-preserving zero; double and __half (.noftz) keep them */
static inline float pykc_ftz(float x) {
  return fabsf(x) < 0x1p-126f ? copysignf(0.0f, x) : x;
}
#define PYKC_DEF_ADD_F32(suf, T, U) \
  PYKC_ATOMIC_OP(atomicAdd, suf, T, U, pykc_ftz(pykc_ftz(o) + pykc_ftz(v)))
#define PYKC_DEF_SUB_F32(suf, T, U) \
  PYKC_ATOMIC_OP(atomicSub, suf, T, U, pykc_ftz(pykc_ftz(o) - pykc_ftz(v)))
#define PYKC_DEF_EXCH(suf, T, U) PYKC_ATOMIC_OP(atomicExch, suf, T, U, v)
#define PYKC_DEF_MIN(suf, T, U) PYKC_ATOMIC_OP(atomicMin, suf, T, U, v < o ? v : o)
#define PYKC_DEF_MAX(suf, T, U) PYKC_ATOMIC_OP(atomicMax, suf, T, U, v > o ? v : o)
#define PYKC_DEF_AND(suf, T, U) PYKC_ATOMIC_OP(atomicAnd, suf, T, U, o & v)
#define PYKC_DEF_OR(suf, T, U) PYKC_ATOMIC_OP(atomicOr, suf, T, U, o | v)
#define PYKC_DEF_XOR(suf, T, U) PYKC_ATOMIC_OP(atomicXor, suf, T, U, o ^ v)
#define PYKC_DEF_CAS(suf, T, U)                                  \
  static inline T pykc_atomicCAS_##suf(T *p, T cmp, T v) {       \
    T o = *p;                                                    \
    if (memcmp(&o, &cmp, sizeof o) == 0)                         \
      *p = v;                                                    \
    return o;                                                    \
  }
PYKC_ATOMIC_INTS(PYKC_DEF_ADD_I)
PYKC_ATOMIC_INTS(PYKC_DEF_SUB_I)
PYKC_DEF_ADD_F32(f32, float, float)
PYKC_DEF_SUB_F32(f32, float, float)
PYKC_DEF_ADD_F(f64, double, double)
PYKC_DEF_SUB_F(f64, double, double)
PYKC_DEF_ADD_F(f16, _Float16, _Float16)
PYKC_DEF_SUB_F(f16, _Float16, _Float16)
PYKC_ATOMIC_INTS(PYKC_DEF_EXCH)
PYKC_ATOMIC_FLOATS(PYKC_DEF_EXCH)
PYKC_ATOMIC_INTS(PYKC_DEF_MIN)
PYKC_ATOMIC_INTS(PYKC_DEF_MAX)
PYKC_ATOMIC_INTS(PYKC_DEF_AND)
PYKC_ATOMIC_INTS(PYKC_DEF_OR)
PYKC_ATOMIC_INTS(PYKC_DEF_XOR)
PYKC_ATOMIC_INTS(PYKC_DEF_CAS)
PYKC_ATOMIC_FLOATS(PYKC_DEF_CAS)
PYKC_DEF_CAS(u16, unsigned short, unsigned short)

/* atomicInc: old >= v ? 0 : old + 1;  atomicDec: (old == 0 || old > v) ? v : old - 1 */
static inline unsigned int atomicInc(unsigned int *p, unsigned int v) {
  unsigned int o = *p;
  *p = o >= v ? 0u : o + 1u;
  return o;
}
static inline unsigned int atomicDec(unsigned int *p, unsigned int v) {
  unsigned int o = *p;
  *p = (o == 0u || o > v) ? v : o - 1u;
  return o;
}

#define PYKC_GEN_INTS(name)                                                          \
  int *: pykc_##name##_i32, unsigned int *: pykc_##name##_u32, long *: pykc_##name##_l, \
  unsigned long *: pykc_##name##_ul, long long *: pykc_##name##_ll,                  \
  unsigned long long *: pykc_##name##_ull
#define PYKC_GEN_FLOATS(name) \
  float *: pykc_##name##_f32, double *: pykc_##name##_f64, _Float16 *: pykc_##name##_f16
#define atomicAdd(p, v) _Generic((p), PYKC_GEN_INTS(atomicAdd), PYKC_GEN_FLOATS(atomicAdd))((p), (v))
#define atomicSub(p, v) _Generic((p), PYKC_GEN_INTS(atomicSub), PYKC_GEN_FLOATS(atomicSub))((p), (v))
#define atomicExch(p, v) _Generic((p), PYKC_GEN_INTS(atomicExch), PYKC_GEN_FLOATS(atomicExch))((p), (v))
#define atomicMin(p, v) _Generic((p), PYKC_GEN_INTS(atomicMin))((p), (v))
#define atomicMax(p, v) _Generic((p), PYKC_GEN_INTS(atomicMax))((p), (v))
#define atomicAnd(p, v) _Generic((p), PYKC_GEN_INTS(atomicAnd))((p), (v))
#define atomicOr(p, v) _Generic((p), PYKC_GEN_INTS(atomicOr))((p), (v))
#define atomicXor(p, v) _Generic((p), PYKC_GEN_INTS(atomicXor))((p), (v))
#define atomicCAS(p, c, v) \
  _Generic((p), PYKC_GEN_INTS(atomicCAS), PYKC_GEN_FLOATS(atomicCAS),  \
           unsigned short *: pykc_atomicCAS_u16)((p), (c), (v))

/* ---- half precision ---- */
static inline float __half2float(__half h) { return (float)h; }
static inline __half __float2half(float f) { return (__half)f; }
static inline __half __double2half(double d) { return (__half)d; }

/* ---- CUDA-only math ---- */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __fdividef(float a, float b) { return a / b; }
static inline float fdividef(float a, float b) { return a / b; }
/* __expf __exp10f __logf __log2f __log10f __sinf __cosf __tanf __powf: glibc's */

/* hypot and hypotf are CUDA's (libdevice's __nv_hypot / __nv_hypotf), not glibc's: both
   parts are scaled by a power of two taken from the larger one's exponent bits and the
   scale is applied again at the end, so a result at the type's maximum can round up to
   inf as on the GPU (CuPy's |1 + 1.8e308j| is inf). hypotf is IEEE operations only, so it is
   the GPU's to the bit (but for subnormal parts, which the GPU's -ftz=true flushes);
   hypot refines the GPU's rsqrt.approx.f64 with one cubic step, done here from the
   correctly rounded 1 / sqrt, so its last bit may differ. */
static inline double pykc_hypot(double a, double b) {
  double fa = fabs(a), fb = fabs(b), hi_scale, lo_scale;
  uint64_t ua, ub, w;
  memcpy(&ua, &fa, 8);
  memcpy(&ub, &fb, 8);
  double mn = ub <= ua ? fb : fa, mx = ua >= ub ? fa : fb;
  memcpy(&w, &mx, 8);
  int32_t e = (int32_t)((uint32_t)(w >> 32) & 0xffc00000u) - 0x3ff00000 + 0x00100000;
  w = (uint64_t)(uint32_t)(0x3ff00000 - e) << 32;
  memcpy(&lo_scale, &w, 8);
  w = (uint64_t)(uint32_t)(e + 0x3ff00000) << 32;
  memcpy(&hi_scale, &w, 8);
  double smn = mn * lo_scale, smx = mx * lo_scale;
  double q = fma(smx, smx, smn * smn);
  double c = fmin(q, 0x1.fffffffffffffp+1023);
  double r = 1.0 / sqrt(c);
  double t = fma(c, -(r * r), 1.0);
  r = fma(fma(0.375, t, 0.5), t * r, r);
  double res = q * r * hi_scale;
  if (mn == 0)
    res = mx;
  memcpy(&w, &mn, 8);
  if ((uint32_t)(w >> 32) >= 0x7ff00000u)
    res = mn;
  return res;
}
static inline float pykc_hypotf(float a, float b) {
  float fa = fabsf(a), fb = fabsf(b), hi_scale, lo_scale;
  int32_t ia, ib;
  memcpy(&ia, &fa, 4);
  memcpy(&ib, &fb, 4);
  float mn = ib <= ia ? fb : fa, mx = ia >= ib ? fa : fb;
  int32_t w;
  memcpy(&w, &mx, 4);
  int32_t e = (int32_t)((uint32_t)w & 0xfe000000u) - 0x3f800000 + 0x00800000;
  w = 0x3f800000 - e;
  memcpy(&lo_scale, &w, 4);
  w = e + 0x3f800000;
  memcpy(&hi_scale, &w, 4);
  float smn = mn * lo_scale, smx = mx * lo_scale;
  float res = sqrtf(fmaf(smx, smx, smn * smn)) * hi_scale;
  if (mn == 0)
    res = mx;
  if (mn == INFINITY)
    res = INFINITY;
  return res;
}
#define hypot pykc_hypot
#define hypotf pykc_hypotf
static inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* ---- float -> integer with PTX cvt.rzi semantics ---- */
#define PYKC_CVT(suf, T, LO, HI)                                  \
  static inline T pykc_cvt_##suf(double x) {                      \
    if (x != x)                                                   \
      return 0;                                                   \
    if (x <= (double)(LO))                                        \
      return (LO);                                                \
    if (x >= (double)(HI))                                        \
      return (HI);                                                \
    return (T)x;                                                  \
  }
PYKC_CVT(i8, int8_t, INT8_MIN, INT8_MAX)
PYKC_CVT(i16, int16_t, INT16_MIN, INT16_MAX)
PYKC_CVT(i32, int32_t, INT32_MIN, INT32_MAX)
PYKC_CVT(i64, int64_t, INT64_MIN, INT64_MAX)
PYKC_CVT(u8, uint8_t, 0, UINT8_MAX)
PYKC_CVT(u16, uint16_t, 0, UINT16_MAX)
PYKC_CVT(u32, uint32_t, 0, UINT32_MAX)
PYKC_CVT(u64, uint64_t, 0, UINT64_MAX)

/* ---- errors ---- */
static inline _Noreturn void pykc_fail(const char *file, int line, const char *what,
                                       const char *msg) {
  pykc_cpu.fail(&pykc_cpu, file, line, what, msg);
  __builtin_unreachable();
}
#define __trap() pykc_fail(__FILE__, __LINE__, "trap", NULL)
#define pykc_assert(cond, msg)                                        \
  do {                                                                \
    if (!(cond))                                                      \
      pykc_fail(__FILE__, __LINE__, "assertion failed", (msg));       \
  } while (0)

static inline int64_t pykc_check_index(int64_t idx, int64_t extent, int dim, const char *file,
                                       int line) {
  if (__builtin_expect((uint64_t)idx >= (uint64_t)extent, 0)) {
    pykc_cpu.oob(&pykc_cpu, idx, extent, dim, file, line);
    __builtin_unreachable();
  }
  return idx;
}

/* --debug (see the top of the file) */
static inline int64_t pykc_check_axis(int64_t i, int64_t n, int axis, int ndim,
                                      const long long *shape, const char *name,
                                      const char *file, int line) {
  if (__builtin_expect((uint64_t)i < (uint64_t)n, 1))
    return i;
  static char msg[512];                            /* fibers are cooperative */
  size_t len = (size_t)snprintf(msg, sizeof msg - 32,
                                "index %lld out of bounds for axis %d of %s with shape (",
                                (long long)i, axis, name);
  for (int d = 0; d < ndim && len < sizeof msg - 32; d++)
    len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%lld", d ? ", " : "",
                            shape ? shape[d] : (long long)n);
  snprintf(msg + len, sizeof msg - len, ndim == 1 ? ",)" : ")");
  pykc_fail(file, line, msg, NULL);
}
#define pykc_check(i, n, axis, ndim, shape, name, line) \
  pykc_check_axis((i), (n), (axis), (ndim), (shape), (name), __FILE__, (line))
#define pykc_assert_fail(line, msg) pykc_fail(__FILE__, (line), "assertion failed", (msg))

#endif /* !PYKC_CPU_HOST */
#endif
