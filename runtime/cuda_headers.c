/*
 * cuda_headers.c: the CUDA headers pykc supplies to CUDA C++ code, one table for both
 * backends. On the CPU, `#include <NAME>` of one of them is replaced by its text (cpu/cxx.c):
 * the preamble (cpu/cpu_rt.h) has what CUDA's own headers declare, so most are empty, and
 * libcu++'s are the host's library under cuda::std. A row marked nvrtc is one NVRTC lacks
 * too (CuPy adds its include folder): nvrtcCreateProgram gets the same text
 * (runtime/gpu/nvrtc.c).
 */
#include "rt.h"

#include <string.h>

#define CUDA_STD "namespace cuda { namespace std = ::std; }\n"
static const struct {
  const char *name, *text;
  bool nvrtc;
} cuda_headers[] = {
    {"cuda_runtime.h", "", false},
    {"cuda_fp16.h", "", false},
    {"device_launch_parameters.h", "", false},
    {"cooperative_groups.h", "", false},          /* the block and its tiles */
    {"cuComplex.h", "", false},
    {"cupy/complex.cuh", emit_complex_prelude, true},
    /* libcu++ (the toolkit's, with NVRTC): here the host's library under cuda::std */
    {"cuda/std/cmath", "#include <cmath>\n" CUDA_STD, false},
    {"cuda/std/cstdint", "#include <cstdint>\n" CUDA_STD, false},
    {"cuda/std/cstddef", "#include <cstddef>\n" CUDA_STD, false},
    {"cuda/std/climits", "#include <climits>\n" CUDA_STD, false},
    {"cuda/std/limits", "#include <limits>\n" CUDA_STD, false},
    {"cuda/std/type_traits", "#include <type_traits>\n" CUDA_STD, false},
    {"cuda/std/utility", "#include <utility>\n" CUDA_STD, false},
};

const char *rt_cuda_header(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof cuda_headers / sizeof *cuda_headers; i++)
    if (strlen(cuda_headers[i].name) == len && strncmp(cuda_headers[i].name, name, len) == 0)
      return cuda_headers[i].text;
  return NULL;
}

int rt_nvrtc_headers(const char **names, const char **texts, int max) {
  int n = 0;
  for (size_t i = 0; i < sizeof cuda_headers / sizeof *cuda_headers && n < max; i++)
    if (cuda_headers[i].nvrtc)
      names[n] = cuda_headers[i].name, texts[n++] = cuda_headers[i].text;
  return n;
}
