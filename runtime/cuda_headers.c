/*
 * cuda_headers.c: the CUDA headers pykc supplies to CUDA C++ code, one table for both
 * backends. On the CPU, `#include <NAME>` of one of them is replaced by its text (cpu/cxx.c):
 * the preamble (cpu/cpu_rt.h) has what CUDA's own headers declare, so most are empty,
 * libcu++'s are the host's library under cuda::std (read by the preamble, cpu/cuda_math.h),
 * and <math_constants.h> and <cuda_bf16.h> are texts of their own. Another toolkit header
 * on the CPU is an error naming it (rt_cuda_toolkit_header, cpu/cxx.c).
 * A row marked nvrtc is one NVRTC lacks too (CuPy adds its include folder):
 * nvrtcCreateProgram gets the same text (runtime/gpu/nvrtc.c).
 */
#include "rt.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_STD "namespace cuda { namespace std = ::std; }\n"
/* On the CPU the C library's names are hidden from CUDA C++ (cpu/cxx_env_close.h; the
   preamble has read <cstdint>, <climits>, <cmath> ... already), so libcu++'s headers give
   what NVRTC's give: <cuda/std/cstdint> the intN_t types and their limits, <cuda/std/
   climits> the integer limits, <cuda/std/cmath> NAN and INFINITY (the compiler's values). */
#define CUDA_STD_CSTDINT                                                                 \
  "#ifndef PYKC_CUDA_STD_CSTDINT\n#define PYKC_CUDA_STD_CSTDINT\n"                          \
  "typedef pykc_int8_t int8_t; typedef pykc_int_least8_t int_least8_t; "                 \
  "typedef pykc_int_fast8_t int_fast8_t; typedef pykc_int16_t int16_t; "                 \
  "typedef pykc_int_least16_t int_least16_t; typedef pykc_int_fast16_t int_fast16_t; "   \
  "typedef pykc_int32_t int32_t; typedef pykc_int_least32_t int_least32_t; "             \
  "typedef pykc_int_fast32_t int_fast32_t; typedef pykc_int64_t int64_t; "               \
  "typedef pykc_int_least64_t int_least64_t; typedef pykc_int_fast64_t int_fast64_t; "   \
  "typedef pykc_uint8_t uint8_t; typedef pykc_uint_least8_t uint_least8_t; "             \
  "typedef pykc_uint_fast8_t uint_fast8_t; typedef pykc_uint16_t uint16_t; "             \
  "typedef pykc_uint_least16_t uint_least16_t; typedef pykc_uint_fast16_t uint_fast16_t; " \
  "typedef pykc_uint32_t uint32_t; typedef pykc_uint_least32_t uint_least32_t; "         \
  "typedef pykc_uint_fast32_t uint_fast32_t; typedef pykc_uint64_t uint64_t; "           \
  "typedef pykc_uint_least64_t uint_least64_t; typedef pykc_uint_fast64_t uint_fast64_t; " \
  "typedef pykc_intptr_t intptr_t; typedef pykc_uintptr_t uintptr_t; "                   \
  "typedef pykc_intmax_t intmax_t; typedef pykc_uintmax_t uintmax_t;\n"                  \
  "#define INT8_MAX __INT8_MAX__\n"                                                      \
  "#define INT8_MIN (-__INT8_MAX__ - 1)\n"                                               \
  "#define UINT8_MAX __UINT8_MAX__\n"                                                    \
  "#define INT8_C(c) __INT8_C(c)\n"                                                      \
  "#define UINT8_C(c) __UINT8_C(c)\n"                                                    \
  "#define INT16_MAX __INT16_MAX__\n"                                                    \
  "#define INT16_MIN (-__INT16_MAX__ - 1)\n"                                             \
  "#define UINT16_MAX __UINT16_MAX__\n"                                                  \
  "#define INT16_C(c) __INT16_C(c)\n"                                                    \
  "#define UINT16_C(c) __UINT16_C(c)\n"                                                  \
  "#define INT32_MAX __INT32_MAX__\n"                                                    \
  "#define INT32_MIN (-__INT32_MAX__ - 1)\n"                                             \
  "#define UINT32_MAX __UINT32_MAX__\n"                                                  \
  "#define INT32_C(c) __INT32_C(c)\n"                                                    \
  "#define UINT32_C(c) __UINT32_C(c)\n"                                                  \
  "#define INT64_MAX __INT64_MAX__\n"                                                    \
  "#define INT64_MIN (-__INT64_MAX__ - 1)\n"                                             \
  "#define UINT64_MAX __UINT64_MAX__\n"                                                  \
  "#define INT64_C(c) __INT64_C(c)\n"                                                    \
  "#define UINT64_C(c) __UINT64_C(c)\n"                                                  \
  "#define INTPTR_MAX __INTPTR_MAX__\n"                                                  \
  "#define INTPTR_MIN (-__INTPTR_MAX__ - 1)\n"                                           \
  "#define UINTPTR_MAX __UINTPTR_MAX__\n"                                                \
  "#define INTMAX_MAX __INTMAX_MAX__\n"                                                  \
  "#define INTMAX_MIN (-__INTMAX_MAX__ - 1)\n"                                           \
  "#define UINTMAX_MAX __UINTMAX_MAX__\n"                                                \
  "#define SIZE_MAX __SIZE_MAX__\n"                                                      \
  "#define PTRDIFF_MAX __PTRDIFF_MAX__\n"                                                \
  "#define PTRDIFF_MIN (-__PTRDIFF_MAX__ - 1)\n"                                         \
  "#endif\n" CUDA_STD
#define CUDA_STD_CLIMITS                                                                 \
  "#ifndef PYKC_CUDA_STD_CLIMITS\n#define PYKC_CUDA_STD_CLIMITS\n#define CHAR_BIT __CHAR_BIT__\n"  \
  "#define SCHAR_MAX __SCHAR_MAX__\n#define SCHAR_MIN (-__SCHAR_MAX__ - 1)\n"                  \
  "#define UCHAR_MAX (__SCHAR_MAX__ * 2 + 1)\n"                                         \
  "#define CHAR_MAX SCHAR_MAX\n#define CHAR_MIN SCHAR_MIN\n"                             \
  "#define SHRT_MAX __SHRT_MAX__\n#define SHRT_MIN (-__SHRT_MAX__ - 1)\n"                      \
  "#define USHRT_MAX (__SHRT_MAX__ * 2 + 1)\n#define INT_MAX __INT_MAX__\n"                     \
  "#define INT_MIN (-__INT_MAX__ - 1)\n#define UINT_MAX (__INT_MAX__ * 2U + 1U)\n"              \
  "#define LONG_MAX __LONG_MAX__\n#define LONG_MIN (-__LONG_MAX__ - 1L)\n"                     \
  "#define ULONG_MAX (__LONG_MAX__ * 2UL + 1UL)\n#define LLONG_MAX __LONG_LONG_MAX__\n"         \
  "#define LLONG_MIN (-__LONG_LONG_MAX__ - 1LL)\n"                                      \
  "#define ULLONG_MAX (__LONG_LONG_MAX__ * 2ULL + 1ULL)\n"                               \
  "#endif\n" CUDA_STD
#define CUDA_STD_CMATH                                                                   \
  "#ifndef NAN\n#define NAN __builtin_nanf(\"\")\n#endif\n"                                  \
  "#ifndef INFINITY\n#define INFINITY __builtin_inff()\n#endif\n" CUDA_STD
/* The C library's headers as a program compiled by nvcc sees them (NVRTC has none of
   them: the CPU backend's leniency, docs/language.md): the host's header, which the
   preamble has read already, and the names cxx_env_close.h took away, given back. */
#define HOST_MATH                                                                        \
  "#include <cmath>\n#ifndef PYKC_HOST_MATH\n#define PYKC_HOST_MATH\n"                      \
  "#define NAN __builtin_nanf(\"\")\n#define INFINITY __builtin_inff()\n"                     \
  "#define HUGE_VAL __builtin_huge_val()\n#define HUGE_VALF __builtin_huge_valf()\n"          \
  "#define HUGE_VALL __builtin_huge_vall()\n"                                               \
  "#define FP_NAN 0\n#define FP_INFINITE 1\n#define FP_ZERO 2\n#define FP_SUBNORMAL 3\n"      \
  "#define FP_NORMAL 4\n"                                                                  \
  "#define M_E 2.718281828459045235360287471352662498\n"                                   \
  "#define M_LOG2E 1.442695040888963407359924681001892137\n"                               \
  "#define M_LOG10E 0.434294481903251827651128918916605082\n"                              \
  "#define M_LN2 0.693147180559945309417232121458176568\n"                                 \
  "#define M_LN10 2.302585092994045684017991454684364208\n"                                \
  "#define M_PI 3.141592653589793238462643383279502884\n"                                  \
  "#define M_PI_2 1.570796326794896619231321691639751442\n"                                \
  "#define M_PI_4 0.785398163397448309615660845819875721\n"                                \
  "#define M_1_PI 0.318309886183790671537767526745028724\n"                                \
  "#define M_2_PI 0.636619772367581343075535053490057448\n"                                \
  "#define M_2_SQRTPI 1.128379167095512573896158903121545172\n"                            \
  "#define M_SQRT2 1.414213562373095048801688724209698079\n"                               \
  "#define M_SQRT1_2 0.707106781186547524400844362104849039\n"                             \
  "typedef pykc_float_t float_t; typedef pykc_double_t double_t;\n#endif\n"
#define HOST_STDIO "#include <cstdio>\n#ifndef EOF\n#define EOF (-1)\n#endif\n"
#define HOST_STDLIB                                                                      \
  "#include <cstdlib>\n#ifndef EXIT_SUCCESS\n#define EXIT_SUCCESS 0\n#define EXIT_FAILURE 1\n"  \
  "#define RAND_MAX 2147483647\n#endif\n"

/* <cuda_fp16.h> for the CPU backend: the preamble's __half (_Float16) has its conversions,
   arithmetic and math; here the names of the header that it does not: half, __half_raw
   (its 16 bits; converts to and from __half by bits, as CUDA's), the bit casts, and
   __half2 with its intrinsics and operators. */
static const char cuda_fp16_h[] =
    "#ifndef PYKC_CUDA_FP16_H\n#define PYKC_CUDA_FP16_H\n"
    "typedef __half half;\n"
    "struct __half_raw {\n"
    "  unsigned short x;\n"
    "  __half_raw() = default;\n"
    "  __half_raw(__half h) : x(__builtin_bit_cast(unsigned short, h)) {}\n"
#define PYKC_RAW_INT(T) "  __half_raw(" T " v) : x((unsigned short)v) {}\n"
    PYKC_RAW_INT("int") PYKC_RAW_INT("unsigned") PYKC_RAW_INT("short")
    PYKC_RAW_INT("unsigned short") PYKC_RAW_INT("long") PYKC_RAW_INT("unsigned long")
    PYKC_RAW_INT("long long") PYKC_RAW_INT("unsigned long long")
#undef PYKC_RAW_INT
    "  operator __half() const { return __builtin_bit_cast(__half, x); }\n"
    "};\n"
    "static inline unsigned short __half_as_ushort(__half h) { return __builtin_bit_cast(unsigned short, h); }\n"
    "static inline short __half_as_short(__half h) { return __builtin_bit_cast(short, h); }\n"
    "static inline __half __ushort_as_half(unsigned short u) { return __builtin_bit_cast(__half, u); }\n"
    "static inline __half __short_as_half(short s) { return __builtin_bit_cast(__half, s); }\n"
    /* __half2: two halves (x the low one), each operation lane by lane as the __half ones
       round (SpikingJelly's fp16 neurons: half2 arrays, __hfma2, __hgeu2, h2exp) */
    "struct __half2 {\n"
    "  __half x, y;\n"
    "  __half2() = default;\n"
    "  __half2(__half a, __half b) : x(a), y(b) {}\n"
    "};\n"
    "typedef __half2 half2;\n"
    "static inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }\n"
    "static inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }\n"
    "static inline __half2 __half2half2(__half a) { return __half2(a, a); }\n"
    "static inline __half2 __float2half2_rn(float f) { return __half2((__half)f, (__half)f); }\n"
    "static inline __half2 __floats2half2_rn(float a, float b) { return __half2((__half)a, (__half)b); }\n"
    "static inline __half2 __float22half2_rn(float2 f) { return __half2((__half)f.x, (__half)f.y); }\n"
    "static inline float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }\n"
    "static inline float __low2float(__half2 h) { return (float)h.x; }\n"
    "static inline float __high2float(__half2 h) { return (float)h.y; }\n"
    "static inline __half __low2half(__half2 h) { return h.x; }\n"
    "static inline __half __high2half(__half2 h) { return h.y; }\n"
    "static inline __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }\n"
    "static inline __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }\n"
    "static inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }\n"
    "static inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }\n"
    "static inline __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }\n"
#define PYKC_H2_1(name, f) \
    "static inline __half2 " #name "(__half2 a) { return __half2(" #f "(a.x), " #f "(a.y)); }\n"
#define PYKC_H2_2(name, f)                                                                 \
    "static inline __half2 " #name "(__half2 a, __half2 b) { return __half2(" #f "(a.x, b.x), " \
    #f "(a.y, b.y)); }\n"
#define PYKC_H2_3(name, f)                                                                 \
    "static inline __half2 " #name "(__half2 a, __half2 b, __half2 c) { return __half2(" #f   \
    "(a.x, b.x, c.x), " #f "(a.y, b.y, c.y)); }\n"
#define PYKC_H2_CMP(name, f)                                                               \
    "static inline __half2 __h" #name "(__half2 a, __half2 b) { return __half2((__half)(" #f \
    "(a.x, b.x) ? 1.0f : 0.0f), (__half)(" #f "(a.y, b.y) ? 1.0f : 0.0f)); }\n"          \
    "static inline bool __hb" #name "(__half2 a, __half2 b) { return " #f "(a.x, b.x) && " #f \
    "(a.y, b.y); }\n"
    PYKC_H2_1(__hneg2, __hneg) PYKC_H2_1(__habs2, __habs)
    PYKC_H2_1(h2sqrt, hsqrt) PYKC_H2_1(h2rsqrt, hrsqrt) PYKC_H2_1(h2rcp, hrcp)
    PYKC_H2_1(h2exp, hexp) PYKC_H2_1(h2exp2, hexp2) PYKC_H2_1(h2exp10, hexp10)
    PYKC_H2_1(h2log, hlog) PYKC_H2_1(h2log2, hlog2) PYKC_H2_1(h2log10, hlog10)
    PYKC_H2_1(h2sin, hsin) PYKC_H2_1(h2cos, hcos) PYKC_H2_1(h2tanh, htanh)
    PYKC_H2_1(h2ceil, hceil) PYKC_H2_1(h2floor, hfloor) PYKC_H2_1(h2rint, hrint)
    PYKC_H2_1(h2trunc, htrunc)
    PYKC_H2_2(__hadd2, __hadd) PYKC_H2_2(__hsub2, __hsub) PYKC_H2_2(__hmul2, __hmul)
    PYKC_H2_2(__h2div, __hdiv) PYKC_H2_2(__hmax2, __hmax) PYKC_H2_2(__hmin2, __hmin)
    PYKC_H2_2(__hmax2_nan, __hmax_nan) PYKC_H2_2(__hmin2_nan, __hmin_nan)
    PYKC_H2_2(__hadd2_sat, __hadd_sat) PYKC_H2_2(__hsub2_sat, __hsub_sat)
    PYKC_H2_2(__hmul2_sat, __hmul_sat) PYKC_H2_2(__hadd2_rn, __hadd_rn)
    PYKC_H2_2(__hsub2_rn, __hsub_rn) PYKC_H2_2(__hmul2_rn, __hmul_rn)
    PYKC_H2_3(__hfma2, __hfma) PYKC_H2_3(__hfma2_sat, __hfma_sat)
    PYKC_H2_3(__hfma2_relu, __hfma_relu)
    PYKC_H2_CMP(eq2, __heq) PYKC_H2_CMP(ne2, __hne) PYKC_H2_CMP(le2, __hle)
    PYKC_H2_CMP(ge2, __hge) PYKC_H2_CMP(lt2, __hlt) PYKC_H2_CMP(gt2, __hgt)
    PYKC_H2_CMP(equ2, __hequ) PYKC_H2_CMP(neu2, __hneu) PYKC_H2_CMP(leu2, __hleu)
    PYKC_H2_CMP(geu2, __hgeu) PYKC_H2_CMP(ltu2, __hltu) PYKC_H2_CMP(gtu2, __hgtu)
#undef PYKC_H2_1
#undef PYKC_H2_2
#undef PYKC_H2_3
#undef PYKC_H2_CMP
    "static inline __half2 __hdiv2(__half2 a, __half2 b) { return __h2div(a, b); }\n"
    "static inline __half2 __hisnan2(__half2 a) { return __half2((__half)(__hisnan(a.x) ? 1.0f : 0.0f), (__half)(__hisnan(a.y) ? 1.0f : 0.0f)); }\n"
    "static inline __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }\n"
    "static inline __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }\n"
    "static inline __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }\n"
    "static inline __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }\n"
    "static inline __half2 operator-(__half2 a) { return __hneg2(a); }\n"
    "static inline __half2 operator+(__half2 a) { return a; }\n"
    "static inline __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }\n"
    "static inline __half2 &operator-=(__half2 &a, __half2 b) { return a = __hsub2(a, b); }\n"
    "static inline __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }\n"
    "static inline __half2 &operator/=(__half2 &a, __half2 b) { return a = __h2div(a, b); }\n"
    "static inline bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }\n"
    "static inline bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }\n"
    "#endif\n";

/* <math_constants.h>: CUDA's CUDART_* constants (the toolkit's values), for the CPU backend */
static const char math_constants_h[] =
    "#ifndef PYKC_MATH_CONSTANTS_H\n#define PYKC_MATH_CONSTANTS_H\n"
    "#define CUDART_INF_F __int_as_float(0x7f800000U)\n"
    "#define CUDART_NAN_F __int_as_float(0x7fffffffU)\n"
    "#define CUDART_MIN_DENORM_F __int_as_float(0x00000001U)\n"
    "#define CUDART_MAX_NORMAL_F __int_as_float(0x7f7fffffU)\n"
    "#define CUDART_NEG_ZERO_F __int_as_float(0x80000000U)\n"
    "#define CUDART_ZERO_F 0.0F\n"
    "#define CUDART_ONE_F 1.0F\n"
    "#define CUDART_SQRT_HALF_F 0.707106781F\n"
    "#define CUDART_SQRT_HALF_HI_F 0.707106781F\n"
    "#define CUDART_SQRT_HALF_LO_F 1.210161749e-08F\n"
    "#define CUDART_SQRT_TWO_F 1.414213562F\n"
    "#define CUDART_THIRD_F 0.333333333F\n"
    "#define CUDART_PIO4_F 0.785398163F\n"
    "#define CUDART_PIO2_F 1.570796327F\n"
    "#define CUDART_3PIO4_F 2.356194490F\n"
    "#define CUDART_2_OVER_PI_F 0.636619772F\n"
    "#define CUDART_SQRT_2_OVER_PI_F 0.797884561F\n"
    "#define CUDART_PI_F 3.141592654F\n"
    "#define CUDART_L2E_F 1.442695041F\n"
    "#define CUDART_L2T_F 3.321928094F\n"
    "#define CUDART_LG2_F 0.301029996F\n"
    "#define CUDART_LGE_F 0.434294482F\n"
    "#define CUDART_LN2_F 0.693147181F\n"
    "#define CUDART_LNT_F 2.302585093F\n"
    "#define CUDART_LNPI_F 1.144729886F\n"
    "#define CUDART_TWO_TO_M126_F 1.175494351e-38F\n"
    "#define CUDART_TWO_TO_126_F 8.507059173e37F\n"
    "#define CUDART_NORM_HUGE_F 3.402823466e38F\n"
    "#define CUDART_TWO_TO_23_F 8388608.0F\n"
    "#define CUDART_TWO_TO_24_F 16777216.0F\n"
    "#define CUDART_TWO_TO_31_F 2147483648.0F\n"
    "#define CUDART_TWO_TO_32_F 4294967296.0F\n"
    "#define CUDART_REMQUO_BITS_F 3U\n"
    "#define CUDART_REMQUO_MASK_F (~((~0U)<<CUDART_REMQUO_BITS_F))\n"
    "#define CUDART_TRIG_PLOSS_F 105615.0F\n"
    "#define CUDART_INF __longlong_as_double(0x7ff0000000000000ULL)\n"
    "#define CUDART_NAN __longlong_as_double(0xfff8000000000000ULL)\n"
    "#define CUDART_NEG_ZERO __longlong_as_double(0x8000000000000000ULL)\n"
    "#define CUDART_MIN_DENORM __longlong_as_double(0x0000000000000001ULL)\n"
    "#define CUDART_ZERO 0.0\n"
    "#define CUDART_ONE 1.0\n"
    "#define CUDART_SQRT_TWO 1.4142135623730951e+0\n"
    "#define CUDART_SQRT_HALF 7.0710678118654757e-1\n"
    "#define CUDART_SQRT_HALF_HI 7.0710678118654757e-1\n"
    "#define CUDART_SQRT_HALF_LO (-4.8336466567264567e-17)\n"
    "#define CUDART_THIRD 3.3333333333333333e-1\n"
    "#define CUDART_TWOTHIRD 6.6666666666666667e-1\n"
    "#define CUDART_PIO4 7.8539816339744828e-1\n"
    "#define CUDART_PIO4_HI 7.8539816339744828e-1\n"
    "#define CUDART_PIO4_LO 3.0616169978683830e-17\n"
    "#define CUDART_PIO2 1.5707963267948966e+0\n"
    "#define CUDART_PIO2_HI 1.5707963267948966e+0\n"
    "#define CUDART_PIO2_LO 6.1232339957367660e-17\n"
    "#define CUDART_3PIO4 2.3561944901923448e+0\n"
    "#define CUDART_2_OVER_PI 6.3661977236758138e-1\n"
    "#define CUDART_PI 3.1415926535897931e+0\n"
    "#define CUDART_PI_HI 3.1415926535897931e+0\n"
    "#define CUDART_PI_LO 1.2246467991473532e-16\n"
    "#define CUDART_SQRT_2PI 2.5066282746310007e+0\n"
    "#define CUDART_SQRT_2PI_HI 2.5066282746310007e+0\n"
    "#define CUDART_SQRT_2PI_LO (-1.8328579980459167e-16)\n"
    "#define CUDART_SQRT_PIO2 1.2533141373155003e+0\n"
    "#define CUDART_SQRT_PIO2_HI 1.2533141373155003e+0\n"
    "#define CUDART_SQRT_PIO2_LO (-9.1642899902295834e-17)\n"
    "#define CUDART_SQRT_2OPI 7.9788456080286536e-1\n"
    "#define CUDART_L2E 1.4426950408889634e+0\n"
    "#define CUDART_L2E_HI 1.4426950408889634e+0\n"
    "#define CUDART_L2E_LO 2.0355273740931033e-17\n"
    "#define CUDART_L2T 3.3219280948873622e+0\n"
    "#define CUDART_LG2 3.0102999566398120e-1\n"
    "#define CUDART_LG2_HI 3.0102999566398120e-1\n"
    "#define CUDART_LG2_LO (-2.8037281277851704e-18)\n"
    "#define CUDART_LGE 4.3429448190325182e-1\n"
    "#define CUDART_LGE_HI 4.3429448190325182e-1\n"
    "#define CUDART_LGE_LO 1.09831965021676510e-17\n"
    "#define CUDART_LN2 6.9314718055994529e-1\n"
    "#define CUDART_LN2_HI 6.9314718055994529e-1\n"
    "#define CUDART_LN2_LO 2.3190468138462996e-17\n"
    "#define CUDART_LNT 2.3025850929940459e+0\n"
    "#define CUDART_LNT_HI 2.3025850929940459e+0\n"
    "#define CUDART_LNT_LO (-2.1707562233822494e-16)\n"
    "#define CUDART_LNPI 1.1447298858494002e+0\n"
    "#define CUDART_LN2_X_1024 7.0978271289338397e+2\n"
    "#define CUDART_LN2_X_1025 7.1047586007394398e+2\n"
    "#define CUDART_LN2_X_1075 7.4513321910194122e+2\n"
    "#define CUDART_LG2_X_1024 3.0825471555991675e+2\n"
    "#define CUDART_LG2_X_1075 3.2360724533877976e+2\n"
    "#define CUDART_TWO_TO_23 8388608.0\n"
    "#define CUDART_TWO_TO_52 4503599627370496.0\n"
    "#define CUDART_TWO_TO_53 9007199254740992.0\n"
    "#define CUDART_TWO_TO_54 18014398509481984.0\n"
    "#define CUDART_TWO_TO_M54 5.5511151231257827e-17\n"
    "#define CUDART_TWO_TO_M1022 2.22507385850720140e-308\n"
    "#define CUDART_TRIG_PLOSS 2147483648.0\n"
    "#define CUDART_DBL2INT_CVT 6755399441055744.0\n"
    "#endif\n";

/* <cuda_bf16.h> for the CPU backend: __nv_bfloat16 as 16 bits with CUDA's conversions,
   operators and intrinsics (each operation in float, rounded to nearest even) */
static const char cuda_bf16_h[] =
    "#ifndef PYKC_CUDA_BF16_H\n"
    "#define PYKC_CUDA_BF16_H\n"
    "/* <cuda_bf16.h> on the CPU backend (pykc, runtime/cuda_headers.c): bfloat16 as 16 bits,\n"
    "   arithmetic in float rounded to nearest even, as the GPU's bf16 instructions round */\n"
    "static inline unsigned short pykc_f2bf(float f) {\n"
    "  unsigned u;\n"
    "  __builtin_memcpy(&u, &f, 4);\n"
    "  if ((u & 0x7fffffffu) > 0x7f800000u)\n"
    "    return 0x7fff;\n"
    "  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n"
    "}\n"
    "static inline float pykc_bf2f(unsigned short h) {\n"
    "  unsigned u = (unsigned)h << 16;\n"
    "  float f;\n"
    "  __builtin_memcpy(&f, &u, 4);\n"
    "  return f;\n"
    "}\n"
    "struct __nv_bfloat16 {\n"
    "  unsigned short __x;\n"
    "  __nv_bfloat16() = default;\n"
    "  __nv_bfloat16(float f) : __x(pykc_f2bf(f)) {}\n"
    "  __nv_bfloat16(double d) : __x(pykc_f2bf((float)d)) {}\n"
    "  __nv_bfloat16(int i) : __x(pykc_f2bf((float)i)) {}\n"
    "  __nv_bfloat16(unsigned i) : __x(pykc_f2bf((float)i)) {}\n"
    "  __nv_bfloat16(long long i) : __x(pykc_f2bf((float)i)) {}\n"
    "  __nv_bfloat16(unsigned long long i) : __x(pykc_f2bf((float)i)) {}\n"
    "  __nv_bfloat16(short i) : __x(pykc_f2bf((float)i)) {}\n"
    "  __nv_bfloat16(unsigned short i) : __x(pykc_f2bf((float)i)) {}\n"
    "  operator float() const { return pykc_bf2f(__x); }\n"
    "  __nv_bfloat16 &operator=(float f) { __x = pykc_f2bf(f); return *this; }\n"
    "  __nv_bfloat16 &operator=(double d) { __x = pykc_f2bf((float)d); return *this; }\n"
    "  __nv_bfloat16 &operator+=(const __nv_bfloat16 &b);\n"
    "  __nv_bfloat16 &operator-=(const __nv_bfloat16 &b);\n"
    "  __nv_bfloat16 &operator*=(const __nv_bfloat16 &b);\n"
    "  __nv_bfloat16 &operator/=(const __nv_bfloat16 &b);\n"
    "};\n"
    "typedef __nv_bfloat16 nv_bfloat16;\n"
    "struct __nv_bfloat162 {\n"
    "  __nv_bfloat16 x, y;\n"
    "  __nv_bfloat162() = default;\n"
    "  __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}\n"
    "};\n"
    "typedef __nv_bfloat162 nv_bfloat162;\n"
    "static inline __nv_bfloat16 pykc_bf(float f) { __nv_bfloat16 r; r.__x = pykc_f2bf(f); return r; }\n"
    "static inline __nv_bfloat16 __float2bfloat16(float f) { return pykc_bf(f); }\n"
    "static inline __nv_bfloat16 __float2bfloat16_rn(float f) { return pykc_bf(f); }\n"
    "static inline __nv_bfloat16 __double2bfloat16(double d) { return pykc_bf((float)d); }\n"
    "static inline float __bfloat162float(__nv_bfloat16 h) { return pykc_bf2f(h.__x); }\n"
    "static inline __nv_bfloat16 __int2bfloat16_rn(int i) { return pykc_bf((float)i); }\n"
    "static inline __nv_bfloat16 __uint2bfloat16_rn(unsigned i) { return pykc_bf((float)i); }\n"
    "static inline int __bfloat162int_rz(__nv_bfloat16 h) { return __float2int_rz(pykc_bf2f(h.__x)); }\n"
    "static inline int __bfloat162int_rn(__nv_bfloat16 h) { return __float2int_rn(pykc_bf2f(h.__x)); }\n"
    "static inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }\n"
    "static inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }\n"
    "static inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { __nv_bfloat16 r; r.__x = u; return r; }\n"
    "static inline __nv_bfloat16 __short_as_bfloat16(short u) { __nv_bfloat16 r; r.__x = (unsigned short)u; return r; }\n"
    "static inline __nv_bfloat162 __float2bfloat162_rn(float f) { return __nv_bfloat162(pykc_bf(f), pykc_bf(f)); }\n"
    "static inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(pykc_bf(a), pykc_bf(b)); }\n"
    "static inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __nv_bfloat162(pykc_bf(f.x), pykc_bf(f.y)); }\n"
    "static inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2(pykc_bf2f(h.x.__x), pykc_bf2f(h.y.__x)); }\n"
    "static inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }\n"
    "static inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }\n"
    "static inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }\n"
    "static inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }\n"
    "static inline float __low2float(__nv_bfloat162 h) { return pykc_bf2f(h.x.__x); }\n"
    "static inline float __high2float(__nv_bfloat162 h) { return pykc_bf2f(h.y.__x); }\n"
    "#define PYKC_BF_F(h) pykc_bf2f((h).__x)\n"
    "static inline __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(PYKC_BF_F(a) + PYKC_BF_F(b)); }\n"
    "static inline __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(PYKC_BF_F(a) - PYKC_BF_F(b)); }\n"
    "static inline __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(PYKC_BF_F(a) * PYKC_BF_F(b)); }\n"
    "static inline __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(PYKC_BF_F(a) / PYKC_BF_F(b)); }\n"
    "static inline __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return pykc_bf(__builtin_fmaf(PYKC_BF_F(a), PYKC_BF_F(b), PYKC_BF_F(c))); }\n"
    "static inline __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16((unsigned short)(a.__x ^ 0x8000u)); }\n"
    "static inline __nv_bfloat16 __habs(__nv_bfloat16 a) { return __ushort_as_bfloat16((unsigned short)(a.__x & 0x7fffu)); }\n"
    "static inline __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(fmaxf(PYKC_BF_F(a), PYKC_BF_F(b))); }\n"
    "static inline __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return pykc_bf(fminf(PYKC_BF_F(a), PYKC_BF_F(b))); }\n"
    "static inline bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) == PYKC_BF_F(b); }\n"
    "static inline bool __hne(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) != PYKC_BF_F(b); }\n"
    "static inline bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) < PYKC_BF_F(b); }\n"
    "static inline bool __hle(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) <= PYKC_BF_F(b); }\n"
    "static inline bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) > PYKC_BF_F(b); }\n"
    "static inline bool __hge(__nv_bfloat16 a, __nv_bfloat16 b) { return PYKC_BF_F(a) >= PYKC_BF_F(b); }\n"
    "static inline bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }\n"
    "static inline int __hisinf(__nv_bfloat16 a) { return (a.__x & 0x7fffu) == 0x7f80u ? (a.__x >> 15 ? -1 : 1) : 0; }\n"
    "static inline __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hadd(a.x, b.x), __hadd(a.y, b.y)); }\n"
    "static inline __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hsub(a.x, b.x), __hsub(a.y, b.y)); }\n"
    "static inline __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hmul(a.x, b.x), __hmul(a.y, b.y)); }\n"
    "static inline __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __nv_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }\n"
    "static inline __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hadd(a, b); }\n"
    "static inline __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hsub(a, b); }\n"
    "static inline __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hmul(a, b); }\n"
    "static inline __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hdiv(a, b); }\n"
    "static inline __nv_bfloat16 operator-(const __nv_bfloat16 &a) { return __hneg(a); }\n"
    "static inline __nv_bfloat16 operator+(const __nv_bfloat16 &a) { return a; }\n"
    "static inline bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __heq(a, b); }\n"
    "static inline bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hne(a, b); }\n"
    "static inline bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hlt(a, b); }\n"
    "static inline bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hle(a, b); }\n"
    "static inline bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hgt(a, b); }\n"
    "static inline bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hge(a, b); }\n"
    "inline __nv_bfloat16 &__nv_bfloat16::operator+=(const __nv_bfloat16 &b) { return *this = *this + b; }\n"
    "inline __nv_bfloat16 &__nv_bfloat16::operator-=(const __nv_bfloat16 &b) { return *this = *this - b; }\n"
    "inline __nv_bfloat16 &__nv_bfloat16::operator*=(const __nv_bfloat16 &b) { return *this = *this * b; }\n"
    "inline __nv_bfloat16 &__nv_bfloat16::operator/=(const __nv_bfloat16 &b) { return *this = *this / b; }\n"
    "#define PYKC_BF_FN(name, f) \\\n"
    "  static inline __nv_bfloat16 name(__nv_bfloat16 a) { return pykc_bf(f(PYKC_BF_F(a))); }\n"
    "PYKC_HALF_MATH(PYKC_BF_FN)\n"
    "#undef PYKC_BF_FN\n"
    "static inline __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __hisnan(a) || __hisnan(b) ? pykc_bf(__builtin_nanf(\"\")) : __hmax(a, b); }\n"
    "static inline __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __hisnan(a) || __hisnan(b) ? pykc_bf(__builtin_nanf(\"\")) : __hmin(a, b); }\n"
    "static inline __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {\n"
    "  __nv_bfloat16 r = __hfma(a, b, c);\n"
    "  return __hisnan(r) ? pykc_bf(__builtin_nanf(\"\")) : PYKC_BF_F(r) < 0.0f ? pykc_bf(0.0f) : r;\n"
    "}\n"
    "static inline __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }\n"
    "static inline __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }\n"
    "static inline __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }\n"
    "#undef PYKC_BF_F\n"
    "#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)\n"
    "#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)\n"
    "#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)\n"
    "#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)\n"
    "#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)\n"
    "#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)\n"
    "#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)\n"
    "#endif\n";

static const struct {
  const char *name, *text;
  bool nvrtc;
} cuda_headers[] = {
    {"cuda_runtime.h", "", false},
    {"cuda_runtime_api.h", "", false},             /* the preamble has what these declare */
    {"cuda.h", "", false},
    {"vector_types.h", "", false},
    {"vector_functions.h", "", false},
    {"device_functions.h", "", false},
    {"math_functions.h", "", false},
    {"builtin_types.h", "", false},
    {"cuda_fp16.h", cuda_fp16_h, false},
    {"device_launch_parameters.h", "", false},
    {"cooperative_groups.h", "", false},          /* the block and its tiles */
    {"cuComplex.h", "", false},
    {"math_constants.h", math_constants_h, false},
    {"cuda_bf16.h", cuda_bf16_h, false},
    /* CuPy's include folder (cupy/_core/include, on every RawModule's include path): the
       compiler's complex<T> (kc_complex_header), the forms' texts (kc_cupy_header), then
       cuComplex_bridge.h (translate_cucomplex: complex<T> + cuComplex's names as macros);
       its other headers are CuPy's own text (runtime/cupy/, cupy_own below) */
    {"cupy/complex.cuh", NULL, true},
    {"cupy/carray.cuh", NULL, true},
    {"cupy/atomics.cuh", NULL, true},
    {"cupy/math_constants.h", NULL, true},
    {"cupy/cuComplex_bridge.h", NULL, true},
    /* CuPy's thrust::complex sources, which complex.cuh includes: complex.cuh's text (its
       class is theirs; math_private.h and namespace.h, thrust's internals, are not served) */
    {"cupy/complex/complex.h", NULL, true},
    {"cupy/complex/complex_inl.h", NULL, true},
    {"cupy/complex/arithmetic.h", NULL, true},
    {"cupy/complex/catrig.h", NULL, true},
    {"cupy/complex/catrigf.h", NULL, true},
    {"cupy/complex/ccosh.h", NULL, true},
    {"cupy/complex/ccoshf.h", NULL, true},
    {"cupy/complex/cexp.h", NULL, true},
    {"cupy/complex/cexpf.h", NULL, true},
    {"cupy/complex/clog.h", NULL, true},
    {"cupy/complex/clogf.h", NULL, true},
    {"cupy/complex/cpow.h", NULL, true},
    {"cupy/complex/cproj.h", NULL, true},
    {"cupy/complex/csinh.h", NULL, true},
    {"cupy/complex/csinhf.h", NULL, true},
    {"cupy/complex/csqrt.h", NULL, true},
    {"cupy/complex/csqrtf.h", NULL, true},
    {"cupy/complex/ctanh.h", NULL, true},
    {"cupy/complex/ctanhf.h", NULL, true},
    /* libcu++ (the toolkit's, with NVRTC): here the host's library under cuda::std */
    {"cuda/std/cmath", CUDA_STD_CMATH, false},
    {"cuda/std/cstdint", CUDA_STD_CSTDINT, false},
    {"cuda/std/cstddef", "#include <cstddef>\n" CUDA_STD, false},
    {"cuda/std/climits", CUDA_STD_CLIMITS, false},
    {"cuda/std/limits", "#include <limits>\n" CUDA_STD, false},
    {"cuda/std/type_traits", "#include <type_traits>\n" CUDA_STD, false},
    {"cuda/std/utility", "#include <utility>\n" CUDA_STD, false},
    {"cuda/std/array", "#include <array>\n" CUDA_STD, false},
    {"cuda/std/atomic", "#include <atomic>\n" CUDA_STD, false},
    {"cuda/std/bitset", "#include <bitset>\n" CUDA_STD, false},
    {"cuda/std/ccomplex", "#include <complex>\n" CUDA_STD, false},
    {"cuda/std/cassert", CUDA_STD, false},         /* (assert: the preamble's) */
    {"cuda/std/cfloat", CUDA_STD, false},          /* (NVRTC's defines no FLT_MAX) */
    {"cuda/std/chrono", "#include <chrono>\n" CUDA_STD, false},
    {"cuda/std/complex", "#include <complex>\n" CUDA_STD, false},
    {"cuda/std/cstdlib", "#include <cstdlib>\n" CUDA_STD, false},
    {"cuda/std/cstring", "#include <cstring>\n" CUDA_STD, false},
    {"cuda/std/ctime", "#include <ctime>\n" CUDA_STD, false},
    {"cuda/std/functional", "#include <functional>\n" CUDA_STD, false},
    {"cuda/std/initializer_list", "#include <initializer_list>\n" CUDA_STD, false},
    {"cuda/std/iterator", "#include <iterator>\n" CUDA_STD, false},
    {"cuda/std/memory", "#pragma push_macro(\"__noinline__\")\n#undef __noinline__\n"
                        "#include <memory>\n#pragma pop_macro(\"__noinline__\")\n" CUDA_STD,
     false},                                       /* (libstdc++ spells __noinline__, as
                                                      cpu/cxx.c's other host headers) */
    {"cuda/std/numeric", "#include <numeric>\n" CUDA_STD, false},
    {"cuda/std/optional", "#include <optional>\n" CUDA_STD, false},
    {"cuda/std/ratio", "#include <ratio>\n" CUDA_STD, false},
    {"cuda/std/tuple", "#include <tuple>\n" CUDA_STD, false},
    {"cuda/std/variant", "#include <variant>\n" CUDA_STD, false},
    {"cuda/std/version", "#include <version>\n" CUDA_STD, false},
    /* the C library's (CPU only): the names a program that includes them uses */
    {"cstdint", "#include <cstdint>\n" CUDA_STD_CSTDINT, false},
    {"stdint.h", "#include <stdint.h>\n" CUDA_STD_CSTDINT, false},
    {"cinttypes", "#include <cinttypes>\n" CUDA_STD_CSTDINT, false},
    {"inttypes.h", "#include <inttypes.h>\n" CUDA_STD_CSTDINT, false},
    {"climits", "#include <climits>\n" CUDA_STD_CLIMITS, false},
    {"limits.h", "#include <limits.h>\n" CUDA_STD_CLIMITS, false},
    {"cmath", HOST_MATH, false},
    {"math.h", HOST_MATH, false},
    {"cstdio", HOST_STDIO, false},
    {"stdio.h", HOST_STDIO, false},
    {"cstdlib", HOST_STDLIB, false},
    {"stdlib.h", HOST_STDLIB, false},
};

/* CuPy's cupy/cuComplex_bridge.h after complex.cuh's text: cuComplex's names as macros
   over complex<T>, for code that RawKernel/RawModule(translate_cucomplex=True) rewrote
   (pykc_translate_cucomplex). */
static const char cucomplex_bridge[] =
    "#define cuFloatComplex complex<float>\n#define cuComplex complex<float>\n"
    "#define cuCrealf real\n#define cuCimagf imag\n"
    "#define make_cuFloatComplex(A, B) complex<float>(A, B)\n"
    "#define make_cuComplex(A, B) complex<float>(A, B)\n#define cuConjf conj\n"
    "#define cuCaddf(A, B) (A + B)\n#define cuCsubf(A, B) (A - B)\n"
    "#define cuCmulf(A, B) (A * B)\n#define cuCdivf(A, B) (A / B)\n#define cuCabsf abs\n"
    "#define cuComplexDoubleToFloat complex<float>\n#define cuCfmaf(A, B, C) (A * B + C)\n"
    "#define cuDoubleComplex complex<double>\n#define cuCreal real\n#define cuCimag imag\n"
    "#define make_cuDoubleComplex(A, B) complex<double>(A, B)\n#define cuConj conj\n"
    "#define cuCadd(A, B) (A + B)\n#define cuCsub(A, B) (A - B)\n"
    "#define cuCmul(A, B) (A * B)\n#define cuCdiv(A, B) (A / B)\n#define cuCabs abs\n"
    "#define cuComplexFloatToDouble complex<double>\n#define cuCfma(A, B, C) (A * B + C)\n";

/* CuPy's headers as CuPy wrote them (runtime/cupy/, embedded by the Makefile), served to
   both backends: {"cupy/float16.cuh", text}, ... */
static const struct {
  const char *name, *text;
} cupy_own[] = {
#include "cupy_headers.inc"
};

/* NVRTC has no C library headers, where CuPy's backend='nvcc' code has the host's
   (pycbc's chi^2 kernels include <cstdint>): the integer types through libcu++, which
   NVRTC declares globally too, and under std:: as <cstdint> declares them. */
#define NVRTC_CSTDINT                                                                      \
  "#include <cuda/std/cstdint>\nnamespace std {\n"                                         \
  "using cuda::std::int8_t; using cuda::std::int16_t; using cuda::std::int32_t;\n"         \
  "using cuda::std::int64_t; using cuda::std::uint8_t; using cuda::std::uint16_t;\n"       \
  "using cuda::std::uint32_t; using cuda::std::uint64_t; using cuda::std::intptr_t;\n"     \
  "using cuda::std::uintptr_t; using cuda::std::intmax_t; using cuda::std::uintmax_t;\n}\n"
static const struct {
  const char *name, *text;
} nvrtc_c_library[] = {
    {"cstdint", NVRTC_CSTDINT},
    {"stdint.h", NVRTC_CSTDINT},
};

enum { NROWS = sizeof cuda_headers / sizeof *cuda_headers, NOWN = sizeof cupy_own / sizeof *cupy_own,
       NCLIB = sizeof nvrtc_c_library / sizeof *nvrtc_c_library };

/* The rows without a text (the cupy/ headers of the compiler and the forms): written once
   per process, kept for its lifetime (NULL if memory ran out: then "", and the program's
   complex<T> or CArray is undeclared); the bridge comes after complex.cuh's text. */
static pthread_once_t made_once = PTHREAD_ONCE_INIT;
static char *made[NROWS];

static char *bridged(const char *complex_text) {
  size_t k = complex_text ? strlen(complex_text) : 0;
  char *t = malloc(k + sizeof cucomplex_bridge);
  if (t) {
    memcpy(t, complex_text ? complex_text : "", k);
    memcpy(t + k, cucomplex_bridge, sizeof cucomplex_bridge);
  }
  return t;
}

static void make_texts(void) {
  char *complex_text = NULL;                       /* (its row comes before the others) */
  for (size_t i = 0; i < NROWS; i++) {
    const char *n = cuda_headers[i].name;
    if (cuda_headers[i].text)
      continue;
    if (!strcmp(n, "cupy/complex.cuh"))
      complex_text = made[i] = kc_complex_header();
    else if (!strncmp(n, "cupy/complex/", 13))
      made[i] = complex_text;                      /* (the same text, kept as long) */
    else
      made[i] = !strcmp(n, "cupy/cuComplex_bridge.h") ? bridged(complex_text) : kc_cupy_header(n);
  }
}

/* CuPy's own headers as both backends read them: xsf's `#include "REL"` (a path relative to
   the including header, which CuPy's include folder on disk resolves) as `#include <NAME>`
   of the served header it names (own_plain: NVRTC looks its in-memory headers up by the
   name written, the CPU by rt_cuda_header), and for NVRTC under the guard that cpu/cxx.c
   puts each served header under on the CPU (rt_header_guard), so that a kernel form's
   prelude, which has <cupy/carray.cuh>'s names already, can make a header a no-op on both
   backends by defining its guard (src/forms/form_env.c). Written once per process (NULL if
   memory ran out: then CuPy's text). */
static char *own_plain[NOWN], *own_made[NOWN];

static int own_row(const char *name, size_t len) {
  for (size_t i = 0; i < NOWN; i++)
    if (strlen(cupy_own[i].name) == len && strncmp(cupy_own[i].name, name, len) == 0)
      return (int)i;
  return -1;
}

/* The served name of `#include "INC"` (INC[0..n)) in header FROM, written into OUT (of CAP
   bytes): FROM's folder joined with INC, `..` taking a folder off; false if it is none. */
static bool resolve(const char *from, const char *inc, size_t n, char *out, size_t cap) {
  const char *slash = strrchr(from, '/');
  size_t k = slash ? (size_t)(slash - from) : 0;
  if (k >= cap)
    return false;
  memcpy(out, from, k);
  while (n >= 3 && !strncmp(inc, "../", 3)) {
    while (k > 0 && out[k - 1] != '/')
      k--;
    if (k == 0)
      return false;
    k--;                                           /* (the slash) */
    inc += 3, n -= 3;
  }
  if (k + 1 + n >= cap)
    return false;
  if (k)
    out[k++] = '/';
  memcpy(out + k, inc, n);
  out[k + n] = 0;
  return own_row(out, k + n) >= 0;
}

/* Header I's text with its relative includes named (NULL: none, or out of memory). */
static char *named_includes(size_t i) {
  const char *t = cupy_own[i].text;
  if (!strstr(t, "#include \""))
    return NULL;
  size_t cap = strlen(t) + 1, len = 0;
  for (const char *p = t; (p = strstr(p, "#include \"")); p++)
    cap += 256 + 12;                               /* (a name resolve takes, and <>) */
  char *o = malloc(cap);
  for (const char *l = t; o && *l;) {
    const char *eol = strchr(l, '\n'), *end = eol ? eol + 1 : l + strlen(l);
    char name[256];
    const char *q = l;
    while (*q == ' ' || *q == '\t')
      q++;
    const char *open = !strncmp(q, "#include \"", 10) ? q + 10 : NULL;
    const char *close = open ? memchr(open, '"', (size_t)(end - open)) : NULL;
    if (close && resolve(cupy_own[i].name, open, (size_t)(close - open), name, sizeof name))
      len += (size_t)sprintf(o + len, "#include <%s>\n", name);
    else
      memcpy(o + len, l, (size_t)(end - l)), len += (size_t)(end - l);
    l = end;
  }
  if (o)
    o[len] = 0;
  return o;
}

static void make_own(void) {
  for (size_t i = 0; i < NOWN; i++) {
    own_plain[i] = named_includes(i);
    const char *text = own_plain[i] ? own_plain[i] : cupy_own[i].text;
    char guard[RT_GUARDLEN];
    rt_header_guard(guard, cupy_own[i].name, strlen(cupy_own[i].name));
    size_t n = strlen(text), g = strlen(guard);
    char *t = malloc(2 * g + n + 32);
    if (t)
      sprintf(t, "#ifndef %s\n#define %s\n%s\n#endif\n", guard, guard, text);
    own_made[i] = t;
  }
}

static pthread_once_t own_once = PTHREAD_ONCE_INIT;

static const char *own_text(size_t i, bool guarded) {
  pthread_once(&own_once, make_own);
  const char *t = guarded ? own_made[i] : own_plain[i];
  return t ? t : own_plain[i] ? own_plain[i] : cupy_own[i].text;
}

void rt_header_guard(char guard[RT_GUARDLEN], const char *name, size_t len) {
  size_t k = 0;
  for (const char *p = "PYKC_HDR_"; *p;)
    guard[k++] = *p++;
  for (size_t i = 0; i < len && k < RT_GUARDLEN - 1; i++)
    guard[k++] = isalnum((unsigned char)name[i]) ? name[i] : '_';
  guard[k] = 0;
}

static const char *header_text(size_t i) {
  if (cuda_headers[i].text)
    return cuda_headers[i].text;
  pthread_once(&made_once, make_texts);
  return made[i] ? made[i] : "";
}

const char *rt_cuda_header(const char *name, size_t len) {
  for (size_t i = 0; i < NROWS; i++)
    if (strlen(cuda_headers[i].name) == len && strncmp(cuda_headers[i].name, name, len) == 0)
      return header_text(i);
  int k = own_row(name, len);
  return k >= 0 ? own_text((size_t)k, false) : NULL;
}

/* scipy's xsf (cupy/xsf/) on the CPU backend, which defines __CUDACC__ as NVRTC does: its
   config.h then puts math functions and aliases into namespace std (std::abs(double),
   std::complex as thrust::complex, ...) for NVRTC, which has no C++ library, and the
   host's library has most of them already. So xsf's headers read `std` as a namespace of
   their own, pykc_xsf_std, that sees the host's std (a using-directive) and has config.h's
   names besides (the names config.h declares hide the host's of the same name, as NVRTC
   has only config.h's): its `cuda::std::` is cuda::pykc_xsf_std, the host's std again.
   The libcu++ headers config.h includes are read first, under the real std. */
static const char xsf_std[] =
    "#include <cuda/std/array>\n#include <cuda/std/cmath>\n#include <cuda/std/cstddef>\n"
    "#include <cuda/std/cstdint>\n#include <cuda/std/limits>\n#include <cuda/std/tuple>\n"
    "#include <cuda/std/type_traits>\n#include <cuda/std/utility>\n"
    "namespace pykc_xsf_std {\nusing namespace ::std;\n}\n"
    "namespace cuda {\nnamespace pykc_xsf_std = ::std;\n}\n";

static const RtCpuWrap cpu_wraps[] = {
    {"cupy/xsf/", "pykc/xsf_std.h", xsf_std,
     "#pragma push_macro(\"std\")\n#undef std\n#define std pykc_xsf_std\n",
     "#pragma pop_macro(\"std\")\n"},
};

const RtCpuWrap *rt_cpu_wrap(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof cpu_wraps / sizeof *cpu_wraps; i++) {
    size_t n = strlen(cpu_wraps[i].prefix);
    if (len >= n && strncmp(name, cpu_wraps[i].prefix, n) == 0)
      return &cpu_wraps[i];
  }
  return NULL;
}

/* Is NAME[0..len) one of the CUDA toolkit's headers (or CUB's, Thrust's, libcu++'s) that
   rt_cuda_header has no text for? On the CPU backend its `#include` is an error that says
   so (the host's copy, if any, would clash with the preamble). */
bool rt_cuda_toolkit_header(const char *name, size_t len) {
  static const char *const prefixes[] = {
      "cuda", "cub/", "cub.", "thrust/", "cooperative_groups/", "curand", "cublas", "cufft",
      "cusparse", "cusolver", "crt/", "nv/", "sm_", "mma.h", "vector_types.h",
      "vector_functions", "device_functions", "device_types.h", "texture_", "surface_",
      "math_functions", "driver_types.h", "host_defines.h", "builtin_types.h",
      "channel_descriptor.h", "cupy/"};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
    size_t n = strlen(prefixes[i]);
    if (len >= n && strncmp(name, prefixes[i], n) == 0)
      return true;
  }
  return false;
}

int rt_nvrtc_headers(const char **names, const char **texts, int max, bool c_library) {
  int n = 0;
  for (size_t i = 0; i < NROWS; i++)
    if (cuda_headers[i].nvrtc) {
      if (n == max)
        return -1;
      names[n] = cuda_headers[i].name, texts[n++] = header_text(i);
    }
  for (size_t i = 0; i < NOWN; i++) {
    if (n == max)
      return -1;
    names[n] = cupy_own[i].name, texts[n++] = own_text(i, true);
  }
  for (size_t i = 0; c_library && i < NCLIB; i++) {
    if (n == max)
      return -1;
    names[n] = nvrtc_c_library[i].name, texts[n++] = nvrtc_c_library[i].text;
  }
  return n;
}
