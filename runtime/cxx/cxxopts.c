/*
 * runtime/cxx/cxxopts.c: NVRTC's options, once (nvrtcCompileProgram's, CUDA 12): each
 * option's long and short spelling, whether a value follows it, and what a host C++
 * compiler makes of it. The GPU hands a kernel's options to NVRTC, which judges them;
 * the CPU backend reads them here: the preprocessor's and the dialect's (-I,
 * -include, -std from C++17 on: the backend's environment is C++17) become the host
 * compiler's, the others steer the GPU's code generation
 * (fast math, registers, debug information) and are ignored, and a word that is no NVRTC
 * option is an error, as NVRTC's "invalid option" is in CuPy. Macros (-D, -U) are no
 * flags: they become #define/#undef lines before the user's code (cxx_macro_option).
 */
#include "cxxscan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FLAG, VALUE };                              /* what follows the spelling */

static const struct NvrtcOption {
  const char *lng, *shrt;                          /* "--use_fast_math", "-use_fast_math" */
  int kind;
  const char *host;                                /* the host compiler's spelling of it
                                                      (the value glued on), or NULL */
} options[] = {
  {"--gpu-architecture", "-arch", VALUE, NULL},
  {"--device-c", "-dc", FLAG, NULL},
  {"--device-w", "-dw", FLAG, NULL},
  {"--relocatable-device-code", "-rdc", VALUE, NULL},
  {"--extensible-whole-program", "-ewp", FLAG, NULL},
  {"--device-debug", "-G", FLAG, NULL},
  {"--generate-line-info", "-lineinfo", FLAG, NULL},
  {"--dopt", "-dopt", VALUE, NULL},
  {"--ptxas-options", "-Xptxas", VALUE, NULL},
  {"--maxrregcount", "-maxrregcount", VALUE, NULL},
  {"--ftz", "-ftz", VALUE, NULL},
  {"--prec-sqrt", "-prec-sqrt", VALUE, NULL},
  {"--prec-div", "-prec-div", VALUE, NULL},
  {"--fmad", "-fmad", VALUE, "-ffp-contract="},  /* true: fast, false: off (host_value) */
  {"--use_fast_math", "-use_fast_math", FLAG, NULL},
  {"--extra-device-vectorization", "-extra-device-vectorization", FLAG, NULL},
  {"--modify-stack-limit", "-modify-stack-limit", VALUE, NULL},
  {"--dlink-time-opt", "-dlto", FLAG, NULL},
  {"--gen-opt-lto", "-gen-opt-lto", FLAG, NULL},
  {"--optix-ir", "-optix-ir", FLAG, NULL},
  {"--jump-table-density", "-jtd", VALUE, NULL},
  {"--device-stack-protector", "-device-stack-protector", VALUE, NULL},
  {"--define-macro", "-D", VALUE, NULL},        /* macros: #define/#undef lines in */
  {"--undefine-macro", "-U", VALUE, NULL},      /* the text (cxx_macro_option) */
  {"--include-path", "-I", VALUE, "-I"},
  {"--pre-include", "-include", VALUE, "-include"},
  {"--no-source-include", "-no-source-include", FLAG, NULL},
  {"--std", "-std", VALUE, "-std=gnu++"},          /* c++17: gnu++17 (the value's tail) */
  {"--builtin-move-forward", "-builtin-move-forward", VALUE, NULL},
  {"--builtin-initializer-list", "-builtin-initializer-list", VALUE, NULL},
  {"--disable-warnings", "-w", FLAG, NULL},
  {"--restrict", "-restrict", FLAG, NULL},
  {"--device-as-default-execution-space", "-default-device", FLAG, NULL},
  {"--device-int128", "-device-int128", FLAG, NULL},
  {"--optimization-info", "-opt-info", VALUE, NULL},
  {"--display-error-number", "-err-no", FLAG, NULL},
  {"--no-display-error-number", "-no-err-no", FLAG, NULL},
  {"--diag-error", "-diag-error", VALUE, NULL},
  {"--diag-suppress", "-diag-suppress", VALUE, NULL},
  {"--diag-warn", "-diag-warn", VALUE, NULL},
  {"--brief-diagnostics", "-brief-diag", VALUE, NULL},
  {"--time", "-time", VALUE, NULL},
  {"--split-compile", "-split-compile", VALUE, NULL},
  {"--fdevice-syntax-only", "-fdevice-syntax-only", FLAG, NULL},
  {"--minimal", "-minimal", FLAG, NULL},
  {"--fdevice-time-trace", "-fdevice-time-trace", VALUE, NULL},
  {"--pch", "-pch", FLAG, NULL},
  {"--create-pch", "-create-pch", VALUE, NULL},
  {"--use-pch", "-use-pch", VALUE, NULL},
  {"--pch-dir", "-pch-dir", VALUE, NULL},
  {"--pch-verbose", "-pch-verbose", VALUE, NULL},
  {"--pch-messages", "-pch-messages", VALUE, NULL},
  {"--instantiate-templates-in-pch", "-instantiate-templates-in-pch", VALUE, NULL},
};

/* How spelling S names option o: 1 S alone, 2 S=VALUE (*value: after the '='), 3 a
   one-letter short spelling with its value glued on (-DNAME), 0 not it. */
static int spelled(const char *s, const char *name, int kind, const char **value) {
  size_t n = strlen(name);
  if (strncmp(s, name, n))
    return 0;
  if (!s[n])
    return 1;
  if (kind == VALUE && s[n] == '=')
    return *value = s + n + 1, 2;
  if (kind == VALUE && name[0] == '-' && name[1] != '-' && !name[2])   /* -DNAME, -I/x */
    return *value = s + n, 3;
  return 0;
}

int cxx_nvrtc_option(const char *const *opt, int n, int i, const char **host,
                     const char **value) {
  *host = *value = NULL;
  for (size_t k = 0; k < sizeof options / sizeof *options; k++) {
    const struct NvrtcOption *o = &options[k];
    int how = spelled(opt[i], o->lng, o->kind, value);
    if (!how)
      how = spelled(opt[i], o->shrt, o->kind, value);
    if (!how)
      continue;
    *host = o->host;
    if (how > 1 || o->kind == FLAG)
      return 1;
    if (i + 1 >= n)                                /* -D NAME: the value is the next word */
      return -1;
    *value = opt[i + 1];
    return 2;
  }
  return 0;
}

/* The host compiler's value for option HOST's VALUE: -std's "c++17" is "17" (after
   "-std=gnu++"), --fmad's true/false is -ffp-contract's fast/off (the CPU backend contracts
   a * b + c as NVRTC does by default, cpu.c; --fmad=false keeps the two roundings); NULL:
   a value the option does not take. */
static const char *host_value(const char *host, const char *value) {
  if (!strcmp(host, "-std=gnu++"))
    return !strncmp(value, "c++", 3) ? value + 3 : value;
  if (!strcmp(host, "-ffp-contract="))
    return !strcmp(value, "true") ? "fast" : !strcmp(value, "false") ? "off" : NULL;
  return value;
}

/* c++03, c++11, c++14: the CPU backend's environment needs C++17, which compiles them. */
static bool older_than_17(const char *v) {
  return !strcmp(v, "c++03") || !strcmp(v, "c++11") || !strcmp(v, "c++14");
}

int cxx_host_flags(const char *const *opt, int n, bool std, char **flags, int *nflags,
                   char *err, size_t errlen) {
  *nflags = 0;
  for (int i = 0; i < n; i++) {
    const char *host, *value;
    int k = cxx_nvrtc_option(opt, n, i, &host, &value);
    if (k <= 0) {
      snprintf(err, errlen, k < 0 ? "option '%s' needs a value"
                                  : "option '%s' is not one of NVRTC's (NVRTC refuses it: "
                                    "NVRTC_ERROR_INVALID_OPTION)", opt[i]);
      return 1;
    }
    i += k - 1;
    bool dialect = !strcmp(host ? host : "", "-std=gnu++");
    if (!host || (dialect && (!std || older_than_17(value))))   /* the GPU's own; or a */
      continue;                                    /* dialect the host's 17 compiles */
    bool apart = !strcmp(host, "-include");         /* g++ takes its header as a word */
    const char *v = host_value(host, value);
    if (!v) {
      snprintf(err, errlen, "option '%s': '%s' is not one of its values (true, false)",
               opt[i - k + 1], value);
      return 1;
    }
    for (int w = 0; w < 1 + apart; w++) {
      const char *a = apart && w ? "" : host, *b = apart && !w ? "" : v;
      size_t len = strlen(a) + strlen(b) + 1;
      if (!(flags[*nflags] = malloc(len))) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
      snprintf(flags[(*nflags)++], len, "%s%s", a, b);
    }
  }
  return 0;
}

/* ---- CuPy's translate_cucomplex (core.pyx _translate_cucomplex_to_thrust) ---- */

/* Does the line at S[I] begin `#include <cuComplex.h>` (blank space allowed between the
   tokens, as CuPy's pattern allows)? */
static bool includes_cucomplex(const char *s, size_t i) {
  static const char *const tokens[] = {"#", "include", "<", "cuComplex.h", ">"};
  for (size_t t = 0; t < sizeof tokens / sizeof *tokens; t++) {
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v')
      i++;
    size_t n = strlen(tokens[t]);
    if (strncmp(s + i, tokens[t], n) != 0)
      return false;
    i += n;
  }
  return true;
}

/* CuPy's _cupy_header (core.pyx: cupy_header_list), which compile_with_cache prepends to
   a RawKernel's or RawModule's code when translate_cucomplex=True (prepend_cupy_headers
   becomes True): complex<T>, CArray, CuPy's atomics and CUDART_* without an #include. */
const char pykc_cupy_header[] = "#include <cupy/complex.cuh>\n"
                                "#include <cupy/carray.cuh>\n"
                                "#include <cupy/atomics.cuh>\n"
                                "#include <cupy/math_constants.h>\n";

char *pykc_translate_cucomplex(const char *src) {
  static const char bridge[] = "#include <cupy/cuComplex_bridge.h>  // translate_cucomplex";
  size_t n = 0, len = strlen(src), head = sizeof pykc_cupy_header - 1;
  for (const char *p = src; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
    n += includes_cucomplex(src, (size_t)(p - src));
  char *out = malloc(head + len + n * sizeof bridge + 1);
  if (!out)
    return NULL;
  memcpy(out, pykc_cupy_header, head);
  size_t o = head;
  for (size_t i = 0; i < len;) {
    size_t e = i;
    while (e < len && src[e] != '\n')
      e++;
    if (includes_cucomplex(src, i)) {
      memcpy(out + o, bridge, sizeof bridge - 1);
      o += sizeof bridge - 1;
    } else {
      memcpy(out + o, src + i, e - i);
      o += e - i;
    }
    if (e < len)
      out[o++] = '\n';
    i = e + 1;
  }
  out[o] = 0;
  return out;
}
