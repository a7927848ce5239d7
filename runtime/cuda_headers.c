/*
 * cuda_headers.c: the CUDA headers pykc supplies to CUDA C++ code, one table for both
 * backends. On the CPU, `#include <NAME>` of one of them is replaced by its text (cpu/cxx.c):
 * the preamble (cpu/cpu_rt.h) has what CUDA's own headers declare, so most are empty, and
 * libcu++'s are the host's library under cuda::std (read by the preamble, cpu/cuda_math.h).
 * A row marked nvrtc is one NVRTC lacks too (CuPy adds its include folder):
 * nvrtcCreateProgram gets the same text (runtime/gpu/nvrtc.c).
 */
#include "rt.h"

#include <pthread.h>
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
static const struct {
  const char *name, *text;
  bool nvrtc;
} cuda_headers[] = {
    {"cuda_runtime.h", "", false},
    {"cuda_fp16.h", "", false},
    {"device_launch_parameters.h", "", false},
    {"cooperative_groups.h", "", false},          /* the block and its tiles */
    {"cuComplex.h", "", false},
    {"cupy/complex.cuh", NULL, true},              /* the compiler's (kc_complex_header) */
    {"cupy/cuComplex_bridge.h", NULL, true},       /* translate_cucomplex: complex<T> + */
    /* libcu++ (the toolkit's, with NVRTC): here the host's library under cuda::std */
    {"cuda/std/cmath", CUDA_STD_CMATH, false},
    {"cuda/std/cstdint", CUDA_STD_CSTDINT, false},
    {"cuda/std/cstddef", "#include <cstddef>\n" CUDA_STD, false},
    {"cuda/std/climits", CUDA_STD_CLIMITS, false},
    {"cuda/std/limits", "#include <limits>\n" CUDA_STD, false},
    {"cuda/std/type_traits", "#include <type_traits>\n" CUDA_STD, false},
    {"cuda/std/utility", "#include <utility>\n" CUDA_STD, false},
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

/* <cupy/complex.cuh>: written by the compiler once per process, kept for its lifetime
   (NULL if memory ran out: then "" and the program's complex<T> is undeclared), and the
   bridge after it. */
static pthread_once_t complex_once = PTHREAD_ONCE_INIT;
static char *complex_text, *bridge_text;
static void make_complex(void) {
  complex_text = kc_complex_header();
  size_t n = complex_text ? strlen(complex_text) : 0;
  bridge_text = malloc(n + sizeof cucomplex_bridge);
  if (bridge_text) {
    memcpy(bridge_text, complex_text ? complex_text : "", n);
    memcpy(bridge_text + n, cucomplex_bridge, sizeof cucomplex_bridge);
  }
}

static const char *header_text(size_t i) {
  if (cuda_headers[i].text)
    return cuda_headers[i].text;
  pthread_once(&complex_once, make_complex);
  const char *t = strcmp(cuda_headers[i].name, "cupy/complex.cuh") ? bridge_text : complex_text;
  return t ? t : "";
}

const char *rt_cuda_header(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof cuda_headers / sizeof *cuda_headers; i++)
    if (strlen(cuda_headers[i].name) == len && strncmp(cuda_headers[i].name, name, len) == 0)
      return header_text(i);
  return NULL;
}

int rt_nvrtc_headers(const char **names, const char **texts, int max) {
  int n = 0;
  for (size_t i = 0; i < sizeof cuda_headers / sizeof *cuda_headers && n < max; i++)
    if (cuda_headers[i].nvrtc)
      names[n] = cuda_headers[i].name, texts[n++] = header_text(i);
  return n;
}
