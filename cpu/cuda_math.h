/*
 * cpu/cuda_math.h: the rest of the CUDA Math API and device intrinsics for CUDA C++ on the
 * CPU backend (C++ only; cpu.c puts it after the preamble cpu/cpu_rt.h, cxx_env_open.h
 * before both). The list is CUDA's own (crt/math_functions.h, device_functions.h,
 * device_double_functions.h, sm_20/32/61_intrinsics.h: tests/cpu/cuda_math.txt, made by
 * tools/cuda_math_list.py); tests/cli/cuda_env.sh checks that every entry is declared here
 * or in the preamble and that the functions with a libm counterpart give libm's result.
 *
 *  - directed rounding (__fadd_rd ... __dsqrt_rz, __fmaf_ieee_*): the operation under the
 *    rounding mode, restored at once (fibers share the thread's mode; volatile operands
 *    keep the compiler from moving or folding the operation across fesetround);
 *  - erfinv erfcinv erfcx normcdfinv: Newton steps on libm's erf/erfc from a close start
 *    (in double; the float functions round the double result), erfcx with exp(x*x) split
 *    exactly (fma) so that it keeps its digits up to where it overflows, and 1/(x sqrt(pi))
 *    times the asymptotic series past erfc's underflow;
 *  - cyl_bessel_i0/i1: libstdc++'s std::cyl_bessel_i (I0 even, I1 odd);
 *  - norm/rnorm (dim, p), norm4d, rnorm4d, rhypot: the sums in double (float) scaled by
 *    the largest |p[i]| as CUDA's do, so they do not overflow early;
 *  - the SIMD video intrinsics (__vadd2 ... __vsetne4: two 16-bit or four 8-bit lanes of
 *    an unsigned int) and sm_90's DPX min/max (__vimax3_s32 ... __vibmin_u16x2), lane by
 *    lane after CUDA's definitions (a signed rounded average rounds half away from zero);
 *  - bit helpers: __double2hiint/loint, __hiloint2double, __nv_bswap16/32/64, clock and
 *    clock64 (a count),
 *    umin/umax/llmin/llmax/ullmin/ullmax, fdivide, __brkpt and __prof_trigger (nothing).
 */
#ifndef PYKC_CUDA_MATH_H
#define PYKC_CUDA_MATH_H

#include <fenv.h>
#include <cmath>
/* what runtime/cuda_headers.c's libcu++ headers (<cuda/std/cstdint>, ...) stand for, read
   while the C library's typedef names are renamed (cxx_env_open.h) */
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

/* ---- directed rounding ---- */
#define PYKC_RND2(NAME, T, MODE, OP)                                                        \
  static inline T NAME(T x, T y) {                                                          \
    int old = fegetround();                                                                 \
    fesetround(MODE);                                                                       \
    volatile T vx = x, vy = y;                                                              \
    volatile T r = vx OP vy;                                                                \
    fesetround(old);                                                                        \
    return r;                                                                               \
  }
#define PYKC_RND1(NAME, T, MODE, EXPR)                                                      \
  static inline T NAME(T x) {                                                               \
    int old = fegetround();                                                                 \
    fesetround(MODE);                                                                       \
    volatile T vx = x;                                                                      \
    volatile T r = EXPR;                                                                    \
    fesetround(old);                                                                        \
    return r;                                                                               \
  }
#define PYKC_RND3(NAME, T, MODE, FMA)                                                       \
  static inline T NAME(T x, T y, T z) {                                                     \
    int old = fegetround();                                                                 \
    fesetround(MODE);                                                                       \
    volatile T vx = x, vy = y, vz = z;                                                      \
    volatile T r = FMA(vx, vy, vz);                                                         \
    fesetround(old);                                                                        \
    return r;                                                                               \
  }
#define PYKC_RND_MODES(X, f, d)                                                             \
  X(f##_rd, d, FE_DOWNWARD) X(f##_ru, d, FE_UPWARD) X(f##_rz, d, FE_TOWARDZERO)
#define PYKC_RND_ALL(X, f, d) PYKC_RND_MODES(X, f, d) X(f##_rn, d, FE_TONEAREST)
#define PYKC_ADD(N, T, M) PYKC_RND2(N, T, M, +)
#define PYKC_SUB(N, T, M) PYKC_RND2(N, T, M, -)
#define PYKC_MUL(N, T, M) PYKC_RND2(N, T, M, *)
#define PYKC_DIV(N, T, M) PYKC_RND2(N, T, M, /)
#define PYKC_RCP(N, T, M) PYKC_RND1(N, T, M, (T)1 / vx)
#define PYKC_SQRTF(N, T, M) PYKC_RND1(N, T, M, sqrtf(vx))
#define PYKC_SQRT(N, T, M) PYKC_RND1(N, T, M, sqrt(vx))
#define PYKC_FMAF(N, T, M) PYKC_RND3(N, T, M, fmaf)
#define PYKC_FMA(N, T, M) PYKC_RND3(N, T, M, fma)
PYKC_RND_MODES(PYKC_ADD, __fadd, float) PYKC_RND_MODES(PYKC_SUB, __fsub, float)
PYKC_RND_MODES(PYKC_MUL, __fmul, float) PYKC_RND_MODES(PYKC_DIV, __fdiv, float)
PYKC_RND_MODES(PYKC_RCP, __frcp, float) PYKC_RND_MODES(PYKC_SQRTF, __fsqrt, float)
PYKC_RND_MODES(PYKC_FMAF, __fmaf, float) PYKC_RND_ALL(PYKC_FMAF, __fmaf_ieee, float)
PYKC_RND_MODES(PYKC_ADD, __dadd, double) PYKC_RND_ALL(PYKC_SUB, __dsub, double)
PYKC_RND_MODES(PYKC_MUL, __dmul, double) PYKC_RND_ALL(PYKC_DIV, __ddiv, double)
PYKC_RND_ALL(PYKC_RCP, __drcp, double) PYKC_RND_ALL(PYKC_SQRT, __dsqrt, double)
PYKC_RND_MODES(PYKC_FMA, __fma, double)

/* ---- special functions ---- */
/* x >= 0 with erfc(x) = t, t in (0, 1]: Halley steps on erfc from the asymptotic start */
static inline double pykc_erfcinv_small(double t) {
  double x = t < 0.5 ? sqrt(-log(t * 1.7724538509055159 * sqrt(-log(t)))) : 0.5 * (1 - t) * 1.77;
  for (int i = 0; i < 100; i++) {
    double e = erfc(x), step = (e - t) / (-1.1283791670955126 * exp(-x * x));
    x -= step / (1 + x * step);                    /* erfc'' = -2x erfc' */
    if (fabs(step) <= 1e-17 * fabs(x))
      break;
  }
  return x;
}

/* x with erfc(x) = y, y in (0, 2) */
static inline double pykc_erfcinv(double y) {
  if (!(y > 0 && y < 2))
    return y == 0 ? INFINITY : y == 2 ? -INFINITY : NAN;
  return y <= 1 ? pykc_erfcinv_small(y) : -pykc_erfcinv_small(2 - y);
}

static inline double pykc_erfinv(double y) {
  if (!(y > -1 && y < 1))
    return y == 1 ? INFINITY : y == -1 ? -INFINITY : NAN;
  if (fabs(y) > 0.9375)                             /* near 1: from erfc's side */
    return copysign(pykc_erfcinv_small(1 - fabs(y)), y);
  double w = -log((1 - y) * (1 + y));               /* Giles' start, then Halley on erf */
  w -= 3.125;
  double x = (((1.6e-9 * w + 1e-8) * w - 1.2e-6) * w + 0.000184) * w;
  x = (((x + 0.003454) * w + 0.0348) * w + 0.8862269) * y;
  for (int i = 0; i < 8; i++) {
    double f = erf(x) - y, step = f / (1.1283791670955126 * exp(-x * x));
    x -= step / (1 + x * step);
    if (fabs(step) <= 1e-17 * fabs(x))
      break;
  }
  return x;
}

static inline double pykc_erfcx(double x) {
  if (x != x)
    return x;
  if (x < 25) {                                     /* exp(x*x) exactly split: hi + lo */
    double hi = x * x, lo = fma(x, x, -hi);
    return exp(hi) * exp(lo) * erfc(x);
  }
  double r = 1 / (x * x), s = 1, t = 1;             /* 1/(x sqrt(pi)) (1 - 1/2x^2 + ...) */
  for (int k = 1; k < 12; k++)
    t *= -(2 * k - 1) * r / 2, s += t;
  return x > 1e300 ? 0.5641895835477563 / x : 0.5641895835477563 / x * s;
}

static inline double erfinv(double x) { return pykc_erfinv(x); }
static inline float erfinvf(float x) { return (float)pykc_erfinv(x); }
static inline float erfinv(float x) { return erfinvf(x); }
static inline double erfcinv(double x) { return pykc_erfcinv(x); }
static inline float erfcinvf(float x) { return (float)pykc_erfcinv(x); }
static inline float erfcinv(float x) { return erfcinvf(x); }
static inline double erfcx(double x) { return pykc_erfcx(x); }
static inline float erfcxf(float x) { return (float)pykc_erfcx(x); }
static inline float erfcx(float x) { return erfcxf(x); }
static inline double normcdfinv(double p) { return -1.4142135623730951 * pykc_erfcinv(2 * p); }
static inline float normcdfinvf(float p) { return (float)normcdfinv((double)p); }
static inline float normcdfinv(float p) { return normcdfinvf(p); }
static inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, fabs(x)); }
static inline double cyl_bessel_i1(double x) {
  return copysign(std::cyl_bessel_i(1.0, fabs(x)), x);
}
static inline float cyl_bessel_i0f(float x) { return (float)cyl_bessel_i0(x); }
static inline float cyl_bessel_i1f(float x) { return (float)cyl_bessel_i1(x); }
static inline float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
static inline float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }

/* sqrt of the sum of squares of P[0, DIM), scaled by the largest |p| (CUDA's norm) */
template <class T> static inline T pykc_norm(int dim, const T *p, bool recip) {
  T m = 0;
  for (int i = 0; i < dim; i++)
    m = fabs(p[i]) > m || p[i] != p[i] ? fabs(p[i]) : m;
  if (m != m)
    return m;
  if (m == 0 || m == (T)INFINITY)
    return recip ? (T)1 / m : m;
  T s = 0;
  for (int i = 0; i < dim; i++)
    s += (p[i] / m) * (p[i] / m);
  return recip ? (T)1 / (m * sqrt(s)) : m * sqrt(s);
}
static inline double norm(int dim, const double *p) { return pykc_norm(dim, p, false); }
static inline float normf(int dim, const float *p) { return pykc_norm(dim, p, false); }
static inline double rnorm(int dim, const double *p) { return pykc_norm(dim, p, true); }
static inline float rnormf(int dim, const float *p) { return pykc_norm(dim, p, true); }
template <class T> static inline T pykc_norm4(T a, T b, T c, T d, bool recip) {
  T p[4] = {a, b, c, d};
  return pykc_norm(4, p, recip);
}
static inline double norm4d(double a, double b, double c, double d) {
  return pykc_norm4(a, b, c, d, false);
}
static inline float norm4df(float a, float b, float c, float d) {
  return pykc_norm4(a, b, c, d, false);
}
static inline double rnorm4d(double a, double b, double c, double d) {
  return pykc_norm4(a, b, c, d, true);
}
static inline float rnorm4df(float a, float b, float c, float d) {
  return pykc_norm4(a, b, c, d, true);
}
static inline double rhypot(double a, double b) { return 1 / hypot(a, b); }
static inline float rhypotf(float a, float b) { return 1 / hypotf(a, b); }
static inline float rhypot(float a, float b) { return rhypotf(a, b); }
static inline double fdivide(double a, double b) { return a / b; }
#define __sincosf(x, s, c) sincosf(x, s, c)          /* (glibc declares private ones) */
#define __tanhf(x) tanhf(x)
static inline void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
static inline void sincospi(float x, float *s, float *c) { sincospif(x, s, c); }

/* ---- integers and bits ---- */
static inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static inline long long llmax(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}
static inline int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)__double_as_longlong(x); }
static inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) |
                                          (unsigned)lo));
}
static inline unsigned short __nv_bswap16(unsigned short x) { return __builtin_bswap16(x); }
static inline unsigned int __nv_bswap32(unsigned int x) { return __builtin_bswap32(x); }
static inline unsigned long long __nv_bswap64(unsigned long long x) {
  return __builtin_bswap64(x);
}
static inline long long clock64(void) {             /* a count: later calls read more */
  static long long ticks;
  return ++ticks;
}
static inline long clock(void) { return (long)clock64(); }
static inline void __brkpt(void) {}
static inline void __prof_trigger(int) {}

/* ---- SIMD video intrinsics: N lanes of 32/N bits ---- */
/* F on each of the N lanes of 32/N bits of a and b (unsigned x, y; signed sx, sy; the
   lane mask m): the results packed back into lanes, or (SUM) added up. */
template <int N, bool SUM = false, class F>
static inline unsigned pykc_lanes(unsigned a, unsigned b, F f) {
  const int w = 32 / N;
  const unsigned m = (1u << w) - 1;
  unsigned r = 0;
  for (int i = 0; i < N; i++) {
    unsigned x = (a >> (i * w)) & m, y = (b >> (i * w)) & m;
    int sx = (int)(x << (32 - w)) >> (32 - w), sy = (int)(y << (32 - w)) >> (32 - w);
    unsigned v = (unsigned)f(x, y, sx, sy, (int)m);
    r += SUM ? v : (v & m) << (i * w);
  }
  return r;
}
static inline int pykc_sat(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
#define PYKC_SMAX(m) ((m) >> 1)
#define PYKC_SMIN(m) (-((m) >> 1) - 1)
#define PYKC_VX(name, SUM, EXPR)                                                            \
  static inline unsigned name##2(unsigned a, unsigned b) {                                  \
    return pykc_lanes<2, SUM>(a, b, [](unsigned x, unsigned y, int sx, int sy, int m) {     \
      (void)x, (void)y, (void)sx, (void)sy, (void)m;                                        \
      return EXPR;                                                                          \
    });                                                                                     \
  }                                                                                         \
  static inline unsigned name##4(unsigned a, unsigned b) {                                  \
    return pykc_lanes<4, SUM>(a, b, [](unsigned x, unsigned y, int sx, int sy, int m) {     \
      (void)x, (void)y, (void)sx, (void)sy, (void)m;                                        \
      return EXPR;                                                                          \
    });                                                                                     \
  }
#define PYKC_V(name, EXPR) PYKC_VX(name, false, EXPR)
#define PYKC_V1(name, EXPR)                                                                 \
  PYKC_V(pykc_##name, EXPR)                                                                 \
  static inline unsigned name##2(unsigned a) { return pykc_##name##2(a, 0); }               \
  static inline unsigned name##4(unsigned a) { return pykc_##name##4(a, 0); }
PYKC_V1(__vabs, sx < 0 ? -sx : sx)
PYKC_V1(__vabsss, pykc_sat(sx < 0 ? -sx : sx, 0, PYKC_SMAX(m)))
PYKC_V1(__vneg, -sx)
PYKC_V1(__vnegss, pykc_sat(-sx, PYKC_SMIN(m), PYKC_SMAX(m)))
PYKC_V(__vabsdiffs, sx > sy ? sx - sy : sy - sx)
PYKC_V(__vabsdiffu, x > y ? x - y : y - x)
PYKC_V(__vadd, x + y)
PYKC_V(__vaddss, pykc_sat(sx + sy, PYKC_SMIN(m), PYKC_SMAX(m)))
PYKC_V(__vaddus, pykc_sat((int)(x + y), 0, m))
PYKC_V(__vsub, x - y)
PYKC_V(__vsubss, pykc_sat(sx - sy, PYKC_SMIN(m), PYKC_SMAX(m)))
PYKC_V(__vsubus, x > y ? x - y : 0)
PYKC_V(__vavgs, (sx + sy) < 0 ? (sx + sy) >> 1 : (sx + sy + 1) >> 1)
PYKC_V(__vavgu, (x + y + 1) >> 1)
PYKC_V(__vhaddu, (x + y) >> 1)
PYKC_V(__vmaxs, sx > sy ? sx : sy)
PYKC_V(__vmaxu, x > y ? x : y)
PYKC_V(__vmins, sx < sy ? sx : sy)
PYKC_V(__vminu, x < y ? x : y)
#define PYKC_VCMP(cmp, set, OP, A, B) PYKC_V(cmp, A OP B ? m : 0) PYKC_V(set, A OP B ? 1 : 0)
PYKC_VCMP(__vcmpeq, __vseteq, ==, x, y)
PYKC_VCMP(__vcmpne, __vsetne, !=, x, y)
PYKC_VCMP(__vcmpges, __vsetges, >=, sx, sy)
PYKC_VCMP(__vcmpgeu, __vsetgeu, >=, x, y)
PYKC_VCMP(__vcmpgts, __vsetgts, >, sx, sy)
PYKC_VCMP(__vcmpgtu, __vsetgtu, >, x, y)
PYKC_VCMP(__vcmples, __vsetles, <=, sx, sy)
PYKC_VCMP(__vcmpleu, __vsetleu, <=, x, y)
PYKC_VCMP(__vcmplts, __vsetlts, <, sx, sy)
PYKC_VCMP(__vcmpltu, __vsetltu, <, x, y)
#define PYKC_VSAD(name, EXPR) PYKC_VX(name, true, EXPR)
PYKC_VSAD(__vsads, (unsigned)(sx > sy ? sx - sy : sy - sx))
PYKC_VSAD(__vsadu, x > y ? x - y : y - x)

/* ---- DPX (sm_90): min/max of 32-bit values and of 16-bit lane pairs ---- */
static inline int pykc_max3(int a, int b, int c) { return a > b ? (a > c ? a : c) : b > c ? b : c; }
static inline int pykc_min3(int a, int b, int c) { return a < b ? (a < c ? a : c) : b < c ? b : c; }
static inline unsigned pykc_umax3(unsigned a, unsigned b, unsigned c) {
  return umax(umax(a, b), c);
}
static inline unsigned pykc_umin3(unsigned a, unsigned b, unsigned c) {
  return umin(umin(a, b), c);
}
/* F on the signed (S) or unsigned 16-bit halves of a, b, c */
template <bool S, class F> static inline unsigned pykc_h2(unsigned a, unsigned b, unsigned c, F f) {
  unsigned r = 0;
  for (int i = 0; i < 2; i++) {
    unsigned x = (a >> (16 * i)) & 0xffff, y = (b >> (16 * i)) & 0xffff, z = (c >> (16 * i)) & 0xffff;
    int v = S ? f((short)x, (short)y, (short)z) : f((int)x, (int)y, (int)z);
    r |= ((unsigned)v & 0xffff) << (16 * i);
  }
  return r;
}
static inline int __vimax3_s32(int a, int b, int c) { return pykc_max3(a, b, c); }
static inline int __vimin3_s32(int a, int b, int c) { return pykc_min3(a, b, c); }
static inline unsigned __vimax3_u32(unsigned a, unsigned b, unsigned c) { return pykc_umax3(a, b, c); }
static inline unsigned __vimin3_u32(unsigned a, unsigned b, unsigned c) { return pykc_umin3(a, b, c); }
static inline int __vimax3_s32_relu(int a, int b, int c) { return pykc_max3(a, b, c) > 0 ? pykc_max3(a, b, c) : 0; }
static inline int __vimin3_s32_relu(int a, int b, int c) { return pykc_min3(a, b, c) > 0 ? pykc_min3(a, b, c) : 0; }
static inline int __vimax_s32_relu(int a, int b) { return pykc_max3(a, b, 0); }
static inline int __vimin_s32_relu(int a, int b) { int m = a < b ? a : b; return m > 0 ? m : 0; }
static inline int __viaddmax_s32(int a, int b, int c) { int s = (int)((unsigned)a + (unsigned)b); return s > c ? s : c; }
static inline int __viaddmin_s32(int a, int b, int c) { int s = (int)((unsigned)a + (unsigned)b); return s < c ? s : c; }
static inline int __viaddmax_s32_relu(int a, int b, int c) { return pykc_max3(__viaddmax_s32(a, b, c), 0, 0); }
static inline int __viaddmin_s32_relu(int a, int b, int c) { int m = __viaddmin_s32(a, b, c); return m > 0 ? m : 0; }
static inline unsigned __viaddmax_u32(unsigned a, unsigned b, unsigned c) { return umax(a + b, c); }
static inline unsigned __viaddmin_u32(unsigned a, unsigned b, unsigned c) { return umin(a + b, c); }
#define PYKC_H2(name, S, EXPR)                                                              \
  static inline unsigned name(unsigned a, unsigned b, unsigned c) {                         \
    return pykc_h2<S>(a, b, c, [](int x, int y, int z) { (void)z; return EXPR; });          \
  }
PYKC_H2(__vimax3_s16x2, true, pykc_max3(x, y, z))
PYKC_H2(__vimin3_s16x2, true, pykc_min3(x, y, z))
PYKC_H2(__vimax3_u16x2, false, pykc_max3(x, y, z))
PYKC_H2(__vimin3_u16x2, false, pykc_min3(x, y, z))
PYKC_H2(__vimax3_s16x2_relu, true, pykc_max3(pykc_max3(x, y, z), 0, 0))
PYKC_H2(__vimin3_s16x2_relu, true, pykc_max3(pykc_min3(x, y, z), 0, 0))
PYKC_H2(__viaddmax_s16x2, true, pykc_max3((short)(x + y), z, z))
PYKC_H2(__viaddmin_s16x2, true, pykc_min3((short)(x + y), z, z))
PYKC_H2(__viaddmax_s16x2_relu, true, pykc_max3((short)(x + y), z, 0))
PYKC_H2(__viaddmin_s16x2_relu, true, pykc_max3(pykc_min3((short)(x + y), z, z), 0, 0))
PYKC_H2(__viaddmax_u16x2, false, pykc_max3((x + y) & 0xffff, z, z))
PYKC_H2(__viaddmin_u16x2, false, pykc_min3((x + y) & 0xffff, z, z))
static inline unsigned __vimax_s16x2_relu(unsigned a, unsigned b) { return __vimax3_s16x2_relu(a, b, b); }
static inline unsigned __vimin_s16x2_relu(unsigned a, unsigned b) { return __vimin3_s16x2_relu(a, b, b); }
static inline int __vibmax_s32(int a, int b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
static inline int __vibmin_s32(int a, int b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
static inline unsigned __vibmax_u32(unsigned a, unsigned b, bool *pred) { *pred = a >= b; return a >= b ? a : b; }
static inline unsigned __vibmin_u32(unsigned a, unsigned b, bool *pred) { *pred = a <= b; return a <= b ? a : b; }
#define PYKC_VIB(name, T, OP)                                                               \
  static inline unsigned name(unsigned a, unsigned b, bool *hi, bool *lo) {                 \
    T ah = (T)(a >> 16), al = (T)a, bh = (T)(b >> 16), bl = (T)b;                           \
    *hi = ah OP bh, *lo = al OP bl;                                                         \
    return ((unsigned)(unsigned short)(*hi ? ah : bh) << 16) |                              \
           (unsigned short)(*lo ? al : bl);                                                 \
  }
PYKC_VIB(__vibmax_s16x2, short, >=)
PYKC_VIB(__vibmin_s16x2, short, <=)
PYKC_VIB(__vibmax_u16x2, unsigned short, >=)
PYKC_VIB(__vibmin_u16x2, unsigned short, <=)


/* <cuda_fp16.h>'s math and comparisons of __half: the float function rounded to half
   (CUDA's float approximations are corrected to the rounded value, __SPEC_CASE), hrint to
   even; the NaN-aware max/min and the saturating forms. <cuda_bf16.h>'s are its text's
   (runtime/cuda_headers.c). */
static inline float pykc_rcpf(float x) { return 1.0f / x; }
#define PYKC_HALF_MATH(X)                                                                  \
  X(hsqrt, sqrtf) X(hrsqrt, rsqrtf) X(hrcp, pykc_rcpf) X(hexp, expf) X(hexp2, exp2f)       \
  X(hexp10, exp10f) X(hlog, logf) X(hlog2, log2f) X(hlog10, log10f) X(hsin, sinf)          \
  X(hcos, cosf) X(htanh, tanhf) X(htanh_approx, tanhf) X(hceil, ceilf) X(hfloor, floorf)   \
  X(hrint, rintf) X(htrunc, truncf)
#define PYKC_HALF_FN(name, f) \
  static inline __half name(__half a) { return (__half)f((float)a); }
PYKC_HALF_MATH(PYKC_HALF_FN)
#undef PYKC_HALF_FN
static inline bool __hne(__half a, __half b) { return a != b; }
static inline bool __hle(__half a, __half b) { return a <= b; }
static inline bool __hge(__half a, __half b) { return a >= b; }
static inline bool __hequ(__half a, __half b) { return !(a != a || b != b) ? a == b : true; }
static inline bool __hneu(__half a, __half b) { return a != b; }
static inline bool __hltu(__half a, __half b) { return !(a >= b); }
static inline bool __hleu(__half a, __half b) { return !(a > b); }
static inline bool __hgtu(__half a, __half b) { return !(a <= b); }
static inline bool __hgeu(__half a, __half b) { return !(a < b); }
static inline int __hisinf(__half a) { return a == (__half)INFINITY ? 1 : a == -(__half)INFINITY ? -1 : 0; }
static inline __half __hmax(__half a, __half b) { return (__half)fmaxf((float)a, (float)b); }
static inline __half __hmin(__half a, __half b) { return (__half)fminf((float)a, (float)b); }
static inline __half __hmax_nan(__half a, __half b) { return a != a || b != b ? (__half)NAN : a > b ? a : b; }
static inline __half __hmin_nan(__half a, __half b) { return a != a || b != b ? (__half)NAN : a < b ? a : b; }
static inline __half pykc_hsat(float f) { return (__half)(f != f ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f); }
static inline __half __hadd_sat(__half a, __half b) { return pykc_hsat((float)(__half)(a + b)); }
static inline __half __hsub_sat(__half a, __half b) { return pykc_hsat((float)(__half)(a - b)); }
static inline __half __hmul_sat(__half a, __half b) { return pykc_hsat((float)(__half)(a * b)); }
static inline __half __hfma_sat(__half a, __half b, __half c) { return pykc_hsat((float)__hfma(a, b, c)); }
static inline __half __hfma_relu(__half a, __half b, __half c) {
  __half r = __hfma(a, b, c);
  return r != r ? (__half)NAN : r < (__half)0.0f ? (__half)0.0f : r;
}
static inline __half __hadd_rn(__half a, __half b) { return (__half)(a + b); }
static inline __half __hsub_rn(__half a, __half b) { return (__half)(a - b); }
static inline __half __hmul_rn(__half a, __half b) { return (__half)(a * b); }

#endif
