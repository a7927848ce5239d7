/*
 * cpu/cpu_rt.h: the preamble of the CPU backend, one text for C11 and C++17. cpu.c
 * prepends it to the C that emit_c.c emits (TARGET_C), compiled with `$CC -std=gnu11 -O2
 * -fPIC -shared`, and to CUDA C++ (.cu files, RawKernel/RawModule code, generated form
 * code; cpu/cxx.c prepares it), compiled with `$CXX -std=gnu++17 ...` (gcc/g++ >= 12 on
 * x86-64 for _Float16). It implements CUDA's device built-ins so that the code keeps
 * CUDA spellings; where C11 dispatches on types with _Generic, C++ has overloads (the
 * C++-only part, cpu_rt_cxx.h, included at the end, adds what CUDA C++ code takes for
 * granted; the build splices its text in, so that the preamble is one text). The threads
 * of a block are fibers run by the host's scheduler (cpu/fiber.c); the two sides meet in
 * one exported struct, `PykcCpu pykc_cpu`, which the host finds with dlsym and fills in
 * before a launch: the current thread's indices (rewritten on every fiber switch) and the
 * host callbacks behind barriers, warp collectives and errors. The host includes this file
 * with PYKC_CPU_HOST defined and gets only the struct.
 *
 * NAMES PROVIDED (the contract with emit_c.c):
 *   types      __half (= _Float16), dim3 / uint3 (= pykc_dim3: unsigned x, y, z)
 *   qualifiers __global__ __host__ __forceinline__ __noinline__ (no-ops), __device__ and
 *              __constant__ (default visibility: a variable's symbol is found, get_global),
 *              __restrict__ (restrict), __align__(N), __shared__ (= static: blocks run one
 *              after another, so one copy of a static __shared__ array suffices; in
 *              section pykc_shared, 0xff-poisoned before each block in --debug)
 *   indices    threadIdx blockIdx blockDim gridDim (.x .y .z, unsigned int), warpSize (32),
 *              pykc_laneid() (lane of this thread: linear thread index % 32)
 *   dyn shared pykc_dyn_shared (char *, the launch's dynamic shared-memory bytes, 16-byte
 *              aligned; zeroed once per launch, 0xff-poisoned before each block in --debug),
 *              pykc_dyn_shared_bytes (size_t)
 *   barriers   __syncthreads(), __syncthreads_count / _and / _or(pred) -> int,
 *              __syncwarp() / __syncwarp(mask)
 *   warp       __shfl_sync / __shfl_up_sync / __shfl_down_sync / __shfl_xor_sync
 *              (mask, v, lane_or_delta[, width=32]) for v of int32 uint32 int64 uint64
 *              (long and long long) float double __half;
 *              __ballot_sync(mask, pred) -> unsigned, __all_sync / __any_sync(mask, pred)
 *              -> int, __activemask() -> unsigned (the lanes of the warp that reach the same
 *              __activemask() call: it waits for the warp's other live lanes, and
 *              settles for those that arrived when the rest returned or block elsewhere)
 *              C++: __match_any_sync / __match_all_sync (bit compares), __reduce_add /
 *              _min / _max (int, unsigned) and _and / _or / _xor (unsigned) _sync;
 *              cooperative_groups' thread_block and tiled_partition<N> tiles; <cuComplex.h>
 *   bits       __popc __popcll __clz __clzll __ffs __ffsll __brev __brevll __byte_perm
 *              __funnelshift_l/_lc/_r/_rc __sad __usad __rhadd __uhadd __urhadd
 *   fences     __threadfence() __threadfence_block(); __nanosleep(ns) yields to the
 *              other threads and blocks (a spin loop's back-off), and so do many
 *              __threadfence()s in a row, and many trips of a loop on volatile memory
 *              (pykc_vspin, which cpu/cxxvol.c puts in its condition)
 *   atomics    atomicAdd atomicSub atomicExch atomicMin atomicMax atomicAnd atomicOr
 *              atomicXor (T *p, T v) -> old; atomicInc / atomicDec (unsigned *p, unsigned v);
 *              atomicCAS(T *p, T compare, T val) -> old. T: int, unsigned, long, unsigned
 *              long, long long, unsigned long long for all of them; float, double, __half
 *              for Add, Sub, Exch and CAS (CAS compares bits); unsigned short for CAS.
 *              A thread whose atomics keep finding the same value spins: it yields to
 *              the other threads and blocks (fiber.c, spin.c).
 *   half       __half2float(h), __float2half(f), __double2half(d) (round to nearest even)
 *   math       <math.h> (with _GNU_SOURCE: exp10, exp10f, sincos, sincosf; hypot and
 *              hypotf are CUDA's algorithms, pykc_hypot / pykc_hypotf), plus rsqrtf
 *              rsqrt __fdividef fdividef __saturatef, and __expf __exp10f __logf __log2f
 *              __log10f __sinf __cosf __tanf __powf as the accurate functions
 *   convert    __float2int_rn/_rz/_rd/_ru and uint, ll, ull, __double2int_... (PTX cvt
 *              rounding, NaN -> 0, saturating), __int2float_rn __uint2float_rn
 *              __ll2float_rn __ull2float_rn __double2float_rn __int2double_rn ...
 *   more math  sinpi cospi sincospi rcbrt norm3d rnorm3d normcdf (and f), __frsqrt_rn
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
 *   misc       __launch_bounds__(...) (nothing), __int_as_float
 *              __float_as_int __uint_as_float __float_as_uint __longlong_as_double
 *              __double_as_longlong (bit casts), __ldg(p) (*p), __mul24 __umul24 __mulhi
 *              __umulhi __mul64hi __umul64hi, __fadd_rn __fsub_rn __fmul_rn __fdiv_rn
 *              __fmaf_rn __frcp_rn __fsqrt_rn __dadd_rn __dmul_rn __fma_rn,
 *              __hadd __hsub __hmul __hdiv __hneg (__half), clock() clock64() (a count).
 *   C++ only   atomics, shuffles and the bit casts as overloads; assert() stops the grid
 *              with "FILE:LINE: assertion failed: EXPR" (__assert_fail, defined here); CUDA's global min/max
 *              for every pair of arithmetic types (the usual arithmetic conversions; float
 *              and double through fminf/fmin, fmaxf/fmax); <math.h>'s float overloads
 *              (sqrt(float) is float), <stdlib.h>'s abs; the vector types char1..4
 *              uchar1..4 short1..4 ushort1..4 int1..4 uint1..4 long1..4 ulong1..4
 *              longlong1..4 ulonglong1..4 float1..4 double1..4 with make_TYPEN(...);
 *              dim3's constructor; `extern __shared__ T name[];` is rewritten by cxx.c
 *              into a reference to pykc_dyn_shared; PYKC_ENTRY(ENTRY, FUNC) defines the
 *              trampoline `extern "C" void ENTRY__entry(void **args)` that calls FUNC
 *              (any kernel, a template instance too) with *(Ai *)args[i].
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
#ifdef __cplusplus
#include <assert.h>                                /* CUDA C++ may assert (see below) */
#include <stdlib.h>                                /* abs(int), abs(long long), ... */
#include <cmath>                                   /* before the macros below: std::hypot */
#include <cstdlib>                                 /* and the others stay the library's */
#endif

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
  /* Module: two 4 KiB page-aligned arrays in section pykc_shared, first and last in it
     so that they bound the static __shared__ arrays; the host makes them
     PROT_NONE (where pages are 4 KiB), so that an overrun faults. */
  char *shared_guard[2];
  /* __syncthreads_count: a barrier that returns how many threads passed a true PRED. */
  int (*sync_count)(PykcCpu *c, int pred, const char *file, int line);
  /* jit.cg: a grid's sync() (a cooperative launch's grid barrier) and whether the launch
     is cooperative (grid_group::is_valid()). */
  void (*grid_sync)(PykcCpu *c, const char *file, int line);
  int coop;
  /* Spin waits. The running thread's last atomic: its address, the old value's bits, and
     how many atomics in a row found that same value there; at SPIN_LIMIT of them (the
     host's: PYKC_SPIN_POLLS, more for a thread that spun on the same value before) the
     thread spins (KNOWN: it saw no change), and __nanosleep() yields at once (not known):
     other threads and blocks run meanwhile, as the co-resident blocks of a GPU do. */
  void *spin_addr;
  uint64_t spin_val;
  unsigned int spin_n, spin_limit;
  void (*spin)(PykcCpu *c, int known);
  unsigned int fence_n;                            /* __threadfence()s since it last ran */
  unsigned int vol_n;                              /* trips of loops on volatile memory */
  /* A lock-step point of warp-synchronous code (cpu/cxxwarp.c): waits until nothing else
     of the block can run, then the warp's lanes at the deepest point (DEPTH) go on. */
  void (*wstep)(PykcCpu *c, int depth);
};
#define PYKC_GUARD 4096
#define PYKC_SPIN_POLLS 64u                        /* same-value atomics that make a spin */

#ifndef PYKC_CPU_HOST

/* Static __shared__ arrays are statics gathered in one section, so that --debug can
   poison them between blocks, between two guard pages. The guards are written in
   assembly, not C, because C and C++ compilers emit a section's variables in different
   orders (g++ puts function-local statics after the globals, or before them): the lower
   one comes first in subsection 0 (top-level asm is emitted before any variable), the
   upper one in subsection 8, which the assembler places after all of subsection 0, where
   the compiler's variables are. (Static locals of templates are in COMDAT groups: the
   compiler ignores their section, so they are neither poisoned nor guarded.) */
__asm__(".pushsection pykc_shared,\"aw\",@progbits\n"
        "\t.balign 4096\n\t.globl pykc_shared_lo\n\t.hidden pykc_shared_lo\n"
        "pykc_shared_lo:\n\t.zero 4096\n"
        "\t.subsection 8\n"
        "\t.balign 4096\n\t.globl pykc_shared_hi\n\t.hidden pykc_shared_hi\n"
        "pykc_shared_hi:\n\t.zero 4096\n"
        "\t.popsection");
#ifdef __cplusplus
/* C++: the pool of cxx.c's template static __shared__ arrays, in subsection 4, so after
   the compiler's variables and right below the upper guard (pykc_static_shared) */
__asm__(".pushsection pykc_shared,\"aw\",@progbits\n"
        "\t.subsection 4\n\t.balign 16\n\t.globl pykc_tshared\n\t.hidden pykc_tshared\n"
        "pykc_tshared:\n\t.zero 65536\n"
        "\t.popsection");
#endif
extern char pykc_shared_lo[PYKC_GUARD] __attribute__((visibility("hidden")));
extern char pykc_shared_hi[PYKC_GUARD] __attribute__((visibility("hidden")));
static void pykc_poison_shared(int byte) {         /* all between the guards */
  memset(pykc_shared_lo + PYKC_GUARD, byte,
         (size_t)(pykc_shared_hi - (pykc_shared_lo + PYKC_GUARD)));
}
__attribute__((visibility("default"))) PykcCpu pykc_cpu = {.poison_shared = pykc_poison_shared,
                    .shared_guard = {pykc_shared_lo, pykc_shared_hi}};

/* ---- qualifiers ---- */
#define PYKC_VISIBLE __attribute__((visibility("default")))
#define __global__
#define __device__ PYKC_VISIBLE                     /* a variable: found by rt_cpu_global */
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#ifndef __cplusplus                                /* (a keyword of g++) */
#define __restrict__ restrict
#endif
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static __attribute__((section("pykc_shared")))
#define __constant__ PYKC_VISIBLE
#define __launch_bounds__(...)
#ifdef __cplusplus
#define PYKC_NORETURN [[noreturn]]
#else
#define PYKC_NORETURN _Noreturn
#endif

typedef pykc_dim3 uint3;
#ifdef __cplusplus
struct dim3 {                                      /* CUDA's: unset extents are 1 */
  unsigned int x, y, z;
  dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
  dim3(pykc_dim3 d) : x(d.x), y(d.y), z(d.z) {}
};
#else
typedef pykc_dim3 dim3;
#endif
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
#define __syncthreads_count(pred) \
  pykc_cpu.sync_count(&pykc_cpu, (pred) != 0, __FILE__, __LINE__)
#define __syncthreads_and(pred) (__syncthreads_count(!(pred)) == 0)
#define __syncthreads_or(pred) (__syncthreads_count(pred) != 0)
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

#ifdef __cplusplus
#define PYKC_SHFL_OVL(suf, T)                                                             \
  static inline T pykc_shfl(int op, unsigned int mask, T v, int arg, int width,           \
                            const char *file, int line) {                                 \
    return pykc_shfl_##suf(op, mask, v, arg, width, file, line);                          \
  }
PYKC_SHFL_OVL(i32, int)
PYKC_SHFL_OVL(u32, unsigned int)
PYKC_SHFL_OVL(l, long)
PYKC_SHFL_OVL(ul, unsigned long)
PYKC_SHFL_OVL(ll, long long)
PYKC_SHFL_OVL(ull, unsigned long long)
PYKC_SHFL_OVL(f32, float)
PYKC_SHFL_OVL(f64, double)
PYKC_SHFL_OVL(f16, _Float16)
#define PYKC_SHFL(op, mask, v, arg, width) \
  pykc_shfl((op), (mask), (v), (arg), (width), __FILE__, __LINE__)
#else
#define PYKC_SHFL(op, mask, v, arg, width)                                                \
  _Generic((v), int: pykc_shfl_i32, unsigned int: pykc_shfl_u32, long: pykc_shfl_l,       \
           unsigned long: pykc_shfl_ul, long long: pykc_shfl_ll,                          \
           unsigned long long: pykc_shfl_ull, float: pykc_shfl_f32, double: pykc_shfl_f64, \
           _Float16: pykc_shfl_f16)((op), (mask), (v), (arg), (width), __FILE__, __LINE__)
#endif
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

/* A loop that reads volatile memory (cpu/cxxvol.c puts this in its condition): every
   PYKC_VOLATILE_TRIPS trips the thread yields (progress not known), so that a wait on a
   flag that another block or thread writes lets it run; a loop that only reads volatile
   memory gives way that seldom. */
#define PYKC_VOLATILE_TRIPS 1024u
static inline void pykc_vspin(void) {
  if (++pykc_cpu.vol_n >= PYKC_VOLATILE_TRIPS) {
    pykc_cpu.vol_n = 0;
    pykc_cpu.spin(&pykc_cpu, 0);
  }
}
/* A __threadfence() in a loop is a spin loop's too (flags read between fences): after
   as many as make an atomic's spin, the thread yields (progress not known). */
static inline void pykc_fence(void) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (++pykc_cpu.fence_n >= pykc_cpu.spin_limit) {
    pykc_cpu.fence_n = 0;
    pykc_cpu.spin(&pykc_cpu, 0);
  }
}
#define __threadfence() pykc_fence()
#define __threadfence_block() __atomic_signal_fence(__ATOMIC_SEQ_CST)
#define __threadfence_system() __atomic_thread_fence(__ATOMIC_SEQ_CST)
/* The lock-step points cpu/cxxwarp.c puts around stores to volatile and shared memory. */
#define pykc_wstep(depth) pykc_cpu.wstep(&pykc_cpu, (depth))
#define __nanosleep(ns) ((void)(ns), pykc_cpu.spin(&pykc_cpu, 0))  /* a back-off: yields */

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
/* __byte_perm(x, y, s): byte i of the result is byte (s >> 4i) & 7 of y:x */
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; i++)
    r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
/* funnel shifts of hi:lo; _l/_r shift by s & 31, _lc/_rc by min(s, 32) */
static inline unsigned int pykc_funnel(unsigned int lo, unsigned int hi, unsigned int s, int left) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return left ? (unsigned int)((v << s) >> 32) : (unsigned int)(v >> s);
}
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
  return pykc_funnel(lo, hi, s & 31, 1);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int s) {
  return pykc_funnel(lo, hi, s < 32 ? s : 32, 1);
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
  return pykc_funnel(lo, hi, s & 31, 0);
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int s) {
  return pykc_funnel(lo, hi, s < 32 ? s : 32, 0);
}
static inline unsigned int __sad(int x, int y, unsigned int z) {
  return z + (unsigned int)(x > y ? (long long)x - y : (long long)y - x);
}
static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
static inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
static inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}

/* ---- atomics: fibers are cooperative, so a plain read-modify-write is atomic ---- */
/* Every atomic notes what it found (PykcCpu.spin_*): a thread that keeps finding the same
   value at the same address polls in a spin loop and yields (grid barriers, flags between
   blocks, look-back scans). The call also keeps the compiler from dropping such a loop. */
static inline void pykc_poll(const void *p, uint64_t bits) {
  if (p == pykc_cpu.spin_addr && bits == pykc_cpu.spin_val) {
    if (++pykc_cpu.spin_n >= pykc_cpu.spin_limit)
      pykc_cpu.spin(&pykc_cpu, 1);
  } else {
    pykc_cpu.spin_addr = (void *)p;
    pykc_cpu.spin_val = bits;
    pykc_cpu.spin_n = 0;
  }
}
#define PYKC_POLL(p, o)                  \
  do {                                   \
    uint64_t bits_ = 0;                  \
    memcpy(&bits_, &(o), sizeof(o));     \
    pykc_poll((p), bits_);               \
  } while (0)
#define PYKC_ATOMIC_OP(name, suf, T, U, expr)          \
  static inline T pykc_##name##_##suf(T *p, T v) {     \
    T o = *p;                                          \
    *p = (T)(expr);                                    \
    PYKC_POLL(p, o);                                   \
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
    PYKC_POLL(p, o);                                             \
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
  PYKC_POLL(p, o);
  return o;
}
static inline unsigned int atomicDec(unsigned int *p, unsigned int v) {
  unsigned int o = *p;
  *p = (o == 0u || o > v) ? v : o - 1u;
  PYKC_POLL(p, o);
  return o;
}

#ifdef __cplusplus
/* the same functions as overloads (CUDA's names are functions in C++) */
#define PYKC_OVL(name, suf, T) \
  static inline T name(T *p, T v) { return pykc_##name##_##suf(p, v); }
#define PYKC_OVL_INTS(suf, T, U)                                                   \
  PYKC_OVL(atomicAdd, suf, T) PYKC_OVL(atomicSub, suf, T) PYKC_OVL(atomicExch, suf, T) \
  PYKC_OVL(atomicMin, suf, T) PYKC_OVL(atomicMax, suf, T) PYKC_OVL(atomicAnd, suf, T)  \
  PYKC_OVL(atomicOr, suf, T) PYKC_OVL(atomicXor, suf, T)                             \
  static inline T atomicCAS(T *p, T c, T v) { return pykc_atomicCAS_##suf(p, c, v); }
#define PYKC_OVL_FLOATS(suf, T, U)                                                 \
  PYKC_OVL(atomicAdd, suf, T) PYKC_OVL(atomicSub, suf, T) PYKC_OVL(atomicExch, suf, T) \
  static inline T atomicCAS(T *p, T c, T v) { return pykc_atomicCAS_##suf(p, c, v); }
PYKC_ATOMIC_INTS(PYKC_OVL_INTS)
PYKC_ATOMIC_FLOATS(PYKC_OVL_FLOATS)
static inline unsigned short atomicCAS(unsigned short *p, unsigned short c, unsigned short v) {
  return pykc_atomicCAS_u16(p, c, v);
}
#else
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
#endif

/* the _block and _system scopes: one process, one order */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec

/* ---- half precision ---- */
static inline float __half2float(__half h) { return (float)h; }
static inline __half __float2half(float f) { return (__half)f; }
static inline __half __double2half(double d) { return (__half)d; }
static inline __half __float2half_rn(float f) { return (__half)f; }
static inline __half __int2half_rn(int i) { return (__half)i; }
static inline float __low2float(__half h) { return (float)h; }

static inline __half __hfma(__half a, __half b, __half c) { return (__half)fmaf(a, b, c); }
static inline __half __habs(__half a) { return a < 0 ? -a : a; }
static inline bool __heq(__half a, __half b) { return a == b; }
static inline bool __hlt(__half a, __half b) { return a < b; }
static inline bool __hgt(__half a, __half b) { return a > b; }
static inline bool __hisnan(__half a) { return a != a; }

/* ---- CUDA-only math ---- */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __fdividef(float a, float b) { return a / b; }
static inline float fdividef(float a, float b) { return a / b; }
/* CUDA's fast intrinsics, here the accurate functions (glibc declares these names but its
   libm exports none of them) */
#define __expf(x) expf(x)
#define __exp10f(x) exp10f(x)
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __log10f(x) log10f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __powf(x, y) powf(x, y)

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
#ifdef __cplusplus
/* hypot(float, float) is float in CUDA C++; std::hypot is the same function */
static inline float pykc_hypot(float a, float b) { return pykc_hypotf(a, b); }
namespace std {
using ::pykc_hypot;
using ::pykc_hypotf;
}
#endif
#define hypot pykc_hypot
#define hypotf pykc_hypotf
static inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* ---- bit casts, integer and rounding intrinsics ---- */
#define PYKC_BITCAST(name, From, To)                                              \
  static inline To name(From x) {                                                 \
    To y;                                                                         \
    memcpy(&y, &x, sizeof y);                                                     \
    return y;                                                                     \
  }
PYKC_BITCAST(__int_as_float, int, float)
PYKC_BITCAST(__uint_as_float, unsigned int, float)
PYKC_BITCAST(__float_as_int, float, int)
PYKC_BITCAST(__float_as_uint, float, unsigned int)
PYKC_BITCAST(__longlong_as_double, long long, double)
PYKC_BITCAST(__double_as_longlong, double, long long)
#define __ldg(p) (*(p))
static inline int __mul24(int a, int b) {
  return (int)((unsigned)((a << 8) >> 8) * (unsigned)((b << 8) >> 8));
}
static inline unsigned int __umul24(unsigned int a, unsigned int b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned int __umulhi(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a * b) >> 32);
}
static inline long long __mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * b) >> 64);
}
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
/* round-to-nearest arithmetic: the host's default rounding mode */
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
static inline float __frcp_rn(float a) { return 1.0f / a; }
static inline float __fsqrt_rn(float a) { return sqrtf(a); }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }
static inline __half __hadd(__half a, __half b) { return a + b; }
static inline __half __hsub(__half a, __half b) { return a - b; }
static inline __half __hmul(__half a, __half b) { return a * b; }
static inline __half __hdiv(__half a, __half b) { return a / b; }
static inline __half __hneg(__half a) { return -a; }

/* ---- float -> integer with PTX cvt.rzi semantics ---- */
/* (The CUDA conversion intrinsics with rounding modes follow these, below.) */
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

/* CUDA's conversion intrinsics: __float2int_rn/_rz/_rd/_ru and the others, as PTX
   cvt.rni/rzi/rmi/rpi (round, then NaN -> 0 and saturate), and the to-float ones in
   round-to-nearest (the host's mode). */
#define PYKC_F2I_MODES(name, From, R, suf)                                               \
  static inline R name##_rn(From x) { return (R)pykc_cvt_##suf(rint((double)x)); }       \
  static inline R name##_rz(From x) { return (R)pykc_cvt_##suf(trunc((double)x)); }      \
  static inline R name##_rd(From x) { return (R)pykc_cvt_##suf(floor((double)x)); }      \
  static inline R name##_ru(From x) { return (R)pykc_cvt_##suf(ceil((double)x)); }
PYKC_F2I_MODES(__float2int, float, int, i32)
PYKC_F2I_MODES(__float2uint, float, unsigned int, u32)
PYKC_F2I_MODES(__float2ll, float, long long, i64)
PYKC_F2I_MODES(__float2ull, float, unsigned long long, u64)
PYKC_F2I_MODES(__double2int, double, int, i32)
PYKC_F2I_MODES(__double2uint, double, unsigned int, u32)
PYKC_F2I_MODES(__double2ll, double, long long, i64)
PYKC_F2I_MODES(__double2ull, double, unsigned long long, u64)
#define PYKC_TO_RN(name, From, To) \
  static inline To name(From x) { return (To)x; }
PYKC_TO_RN(__int2float_rn, int, float)
PYKC_TO_RN(__uint2float_rn, unsigned int, float)
PYKC_TO_RN(__ll2float_rn, long long, float)
PYKC_TO_RN(__ull2float_rn, unsigned long long, float)
PYKC_TO_RN(__double2float_rn, double, float)
PYKC_TO_RN(__int2double_rn, int, double)
PYKC_TO_RN(__uint2double_rn, unsigned int, double)
PYKC_TO_RN(__ll2double_rn, long long, double)
PYKC_TO_RN(__ull2double_rn, unsigned long long, double)
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
/* ... and in the directed modes: the nearest value (exact from long double: x86-64's has
   64 bits of mantissa), stepped once toward zero / -inf / +inf when it went past */
static inline float pykc_f32_dir(long double x, int mode) {  /* mode: 'z' 'd' 'u' */
  float f = (float)x;
  if ((mode == 'z' && fabsl((long double)f) > fabsl(x)) || (mode == 'd' && f > x))
    return nextafterf(f, mode == 'z' ? 0.0f : -INFINITY);
  return mode == 'u' && f < x ? nextafterf(f, INFINITY) : f;
}
static inline double pykc_f64_dir(long double x, int mode) {
  double f = (double)x;
  if ((mode == 'z' && fabsl((long double)f) > fabsl(x)) || (mode == 'd' && f > x))
    return nextafter(f, mode == 'z' ? 0.0 : -INFINITY);
  return mode == 'u' && f < x ? nextafter(f, INFINITY) : f;
}
#define PYKC_DIR_MODES(name, From, To, how)                                          \
  static inline To name##_rz(From x) { return pykc_##how##_dir((long double)x, 'z'); } \
  static inline To name##_rd(From x) { return pykc_##how##_dir((long double)x, 'd'); } \
  static inline To name##_ru(From x) { return pykc_##how##_dir((long double)x, 'u'); }
PYKC_DIR_MODES(__double2float, double, float, f32)
PYKC_DIR_MODES(__int2float, int, float, f32)
PYKC_DIR_MODES(__uint2float, unsigned int, float, f32)
PYKC_DIR_MODES(__ll2float, long long, float, f32)
PYKC_DIR_MODES(__ull2float, unsigned long long, float, f32)
PYKC_DIR_MODES(__ll2double, long long, double, f64)
PYKC_DIR_MODES(__ull2double, unsigned long long, double, f64)
static inline int __half2int_rz(__half h) { return pykc_cvt_i32((double)h); }
static inline double __int2double_rz(int x) { return x; }    /* exact, as in CUDA */
static inline double __uint2double_rz(unsigned int x) { return x; }

/* CUDA math functions that <math.h> lacks (as macros over pykc_ names: a newer C library
   may declare some of them itself) */
static inline double pykc_sinpi(double x) { return sin(M_PI * x); }
static inline float pykc_sinpif(float x) { return (float)pykc_sinpi(x); }
static inline double pykc_cospi(double x) { return cos(M_PI * x); }
static inline float pykc_cospif(float x) { return (float)pykc_cospi(x); }
static inline void pykc_sincospi(double x, double *s, double *c) {
  *s = pykc_sinpi(x), *c = pykc_cospi(x);
}
static inline void pykc_sincospif(float x, float *s, float *c) {
  *s = pykc_sinpif(x), *c = pykc_cospif(x);
}
static inline double pykc_rcbrt(double x) { return 1.0 / cbrt(x); }
static inline float pykc_rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline double pykc_norm3d(double a, double b, double c) { return sqrt(a * a + b * b + c * c); }
static inline float pykc_norm3df(float a, float b, float c) { return sqrtf(a * a + b * b + c * c); }
static inline double pykc_rnorm3d(double a, double b, double c) { return 1.0 / pykc_norm3d(a, b, c); }
static inline float pykc_rnorm3df(float a, float b, float c) { return 1.0f / pykc_norm3df(a, b, c); }
static inline double pykc_normcdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }
static inline float pykc_normcdff(float x) { return 0.5f * erfcf(-x * (float)M_SQRT1_2); }
#define sinpi pykc_sinpi
#define sinpif pykc_sinpif
#define cospi pykc_cospi
#define cospif pykc_cospif
#define sincospi pykc_sincospi
#define sincospif pykc_sincospif
#define rcbrt pykc_rcbrt
#define rcbrtf pykc_rcbrtf
#define norm3d pykc_norm3d
#define norm3df pykc_norm3df
#define rnorm3d pykc_rnorm3d
#define rnorm3df pykc_rnorm3df
#define normcdf pykc_normcdf
#define normcdff pykc_normcdff

/* ---- errors ---- */
PYKC_NORETURN static inline void pykc_fail(const char *file, int line, const char *what,
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

#include "cpu_lib.h"         /* jit.cg and jit.cub (the build puts its text here too) */

#ifdef __cplusplus
#include "cpu_rt_cxx.h"      /* C++ only (the build puts its text here: one preamble text) */
#endif /* __cplusplus */

#endif /* !PYKC_CPU_HOST */
#endif
