/*
 * jitify.c: what CuPy's jitify=True changes in how NVRTC compiles CUDA C++ (CuPy marks
 * such a build with the option -DCUPY_USE_JITIFY, cupy/cuda/compiler.py; pykc's Python
 * RawKernel/RawModule pass it the same way). Jitify (NVIDIA/jitify) gives NVRTC two
 * things it lacks:
 *   - the C++ standard library headers (<type_traits>, <limits>, <cstdint> ...): here
 *     each is libcu++'s <cuda/std/NAME> with its names in std, so that
 *     std::enable_if<std::is_integral<T>::value> compiles as it does on the host;
 *   - a header the code includes but that is nowhere found is left out (Jitify prints
 *     "[jitify] File not found" and goes on): the code compiles if it did not need it.
 *     nvrtc.c compiles again with an empty header of that name, once per missing header,
 *     and says so in the compile log (RawKernel.compile(log_stream=)).
 */
#include "gpu.h"

#include <stdlib.h>
#include <string.h>

#define STD(h) {h, "#pragma once\n#include <cuda/std/" h ">\nnamespace std { using namespace cuda::std; }\n"}
static const struct {
  const char *name, *text;
} std_headers[] = {
    STD("type_traits"), STD("limits"),  STD("cstdint"),     STD("climits"),
    STD("cstddef"),     STD("cfloat"),  STD("utility"),     STD("tuple"),
    STD("array"),       STD("ratio"),   STD("functional"),  STD("iterator"),
    STD("initializer_list"), STD("complex"), STD("cmath"),  STD("cstdlib"),
};
#undef STD

bool rt_jitify_of(const RtCompile *o) {
  for (int i = 0; i < o->noptions; i++)
    if (strcmp(o->options[i], RT_JITIFY_OPTION) == 0)
      return true;
  return false;
}

int rt_jitify_headers(const char **names, const char **texts, int max) {
  int n = 0;
  for (size_t i = 0; i < sizeof std_headers / sizeof *std_headers && n < max; i++)
    names[n] = std_headers[i].name, texts[n++] = std_headers[i].text;
  return n;
}

char *rt_jitify_missing(const char *log, const char *const *have, int nhave) {
  static const char *const says[] = {"cannot open source file \"",   /* NVRTC 13 */
                                     "could not open source file \""};  /* NVRTC 12 */
  for (size_t k = 0; log && k < sizeof says / sizeof *says; k++) {
    const char *p = strstr(log, says[k]);
    if (!p)
      continue;
    p += strlen(says[k]);
    size_t n = strcspn(p, "\"\n");
    if (!n || p[n] != '"')
      return NULL;
    for (int i = 0; i < nhave; i++)                /* served already: a real error */
      if (strlen(have[i]) == n && !strncmp(have[i], p, n))
        return NULL;
    return strndup(p, n);
  }
  return NULL;
}
