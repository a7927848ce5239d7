/*
 * raw.c: CUDA C++ compiled as written (docs/design.md §7.1, language.md's RawKernel and
 * RawModule): a .cu file, or the code of a RawKernel / RawModule (from a .py file's
 * forms, or pykc.RawKernel in Python), with CuPy's options and name expressions.
 *
 * An RtRaw holds the code, where it comes from (file, first line), the user's NVRTC
 * options and name expressions, and its kernels: the `extern "C" __global__` functions
 * (launch.c's rt_cu_parse), then one per name expression (rt_cu_parse_expr: the template's
 * parameters with the expression's arguments). A kernel is found by its C name or its name
 * expression. On the GPU the code goes to NVRTC with the options and the name expressions
 * (api.c's compile_load), and a name expression's function is its lowered name. On the CPU
 * the code goes to g++ (cxx.c, cpu.c) with entry trampolines: NAME__entry for an extern
 * "C" kernel, pykc_nxI__entry calling the template instance for the I-th name expression;
 * of the options, only those that mean something to a host compiler pass (-D, -U, -I,
 * -std), the rest (architecture, fast math, debug info) are the GPU's.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

struct RtRaw {
  char *code, *file;
  int line;
  char **options, **exprs;                         /* strdup'd */
  int noptions, nexprs;
  RtCuKernel *k;                                   /* extern "C" kernels, then expressions */
  int nk, nextern;
  char **lowered;                                  /* GPU: per expression, after compiling */
};

static char **dup_list(const char *const *v, int n) {
  char **out = calloc(n ? (size_t)n : 1, sizeof *out);
  for (int i = 0; out && i < n; i++)
    if (!(out[i] = strdup(v[i]))) {
      while (i--)
        free(out[i]);
      free(out);
      return NULL;
    }
  return out;
}

static void free_list(char **v, int n) {
  for (int i = 0; v && i < n; i++)
    free(v[i]);
  free(v);
}

void rt_raw_free(RtRaw *r) {
  if (!r)
    return;
  free(r->code);
  free(r->file);
  free_list(r->options, r->noptions);
  free_list(r->exprs, r->nexprs);
  free_list(r->lowered, r->nexprs);
  rt_cu_free(r->k, r->nk);
  free(r);
}

int rt_raw_new(const RtRawSpec *s, RtRaw **out, char *err) {
  *out = NULL;
  RtRaw *r = calloc(1, sizeof *r);
  if (!r || !(r->code = strdup(s->code)) || !(r->file = strdup(s->file)) ||
      !(r->options = dup_list(s->options, s->noptions)) ||
      !(r->exprs = dup_list(s->exprs, s->nexprs)) ||
      !(r->lowered = calloc(s->nexprs ? (size_t)s->nexprs : 1, sizeof *r->lowered))) {
    rt_raw_free(r);
    return -1;
  }
  r->line = s->line > 0 ? s->line : 1;
  r->noptions = s->noptions;
  r->nexprs = s->nexprs;
  int st = rt_cu_parse(r->code, &r->k, &r->nk, err);
  r->nextern = r->nk;
  if (!st && s->nexprs) {
    RtCuKernel *k = realloc(r->k, (size_t)(r->nk + s->nexprs) * sizeof *k);
    st = k ? 0 : -1;
    if (k)
      r->k = k;
    for (int i = 0; !st && i < s->nexprs; i++)
      if (!(st = rt_cu_parse_expr(r->code, r->exprs[i], &r->k[r->nk], err)))
        r->nk++;
  }
  if (st) {
    rt_raw_free(r);
    return st;
  }
  *out = r;
  return 0;
}

int rt_raw_find(const RtRaw *r, const char *name) {
  for (int i = r->nk - 1; i >= 0; i--)             /* an expression before a C name */
    if (strcmp(r->k[i].name, name) == 0)
      return i;
  return -1;
}

RtCuKernel *rt_raw_kernel(const RtRaw *r, int i) { return &r->k[i]; }
int rt_raw_nkernels(const RtRaw *r) { return r->nk; }
const char *rt_raw_code(const RtRaw *r) { return r->code; }

char *rt_raw_gpu_source(const RtRaw *r) {
  Buf b = {0};
  if (r->line > 1) {                               /* NVRTC's messages name the .py lines */
    buf_printf(&b, "#line %d \"", r->line);
    buf_put_cstring(&b, r->file);
    buf_puts(&b, "\"\n");
  }
  buf_puts(&b, r->code);
  return buf_detach(&b);
}

void rt_raw_compile_opts(const RtRaw *r, RtCompile *o) {
  o->options = (const char *const *)r->options;
  o->noptions = r->noptions;
  o->exprs = (const char *const *)r->exprs;
  o->nexprs = r->nexprs;
}

int rt_raw_set_lowered(RtRaw *r, const char *lowered, char *err) {
  const char *p = lowered ? lowered : "";
  for (int i = 0; i < r->nexprs; i++) {
    size_t n = strcspn(p, "\n");
    if (!n) {
      rt_errf(err, "no lowered name for the name expression '%.200s'", r->exprs[i]);
      return RT_EFAIL;
    }
    free(r->lowered[i]);
    if (!(r->lowered[i] = strndup(p, n))) {
      rt_errf(err, "out of memory");
      return RT_EFAIL;
    }
    p += n + (p[n] == '\n');
  }
  return 0;
}

const char *rt_raw_symbol(const RtRaw *r, int i) {
  return i < r->nextern ? r->k[i].name : r->lowered[i - r->nextern];
}

void rt_raw_entry(const RtRaw *r, int i, char *buf, size_t n) {
  if (i < r->nextern)
    snprintf(buf, n, "%s", r->k[i].name);
  else
    snprintf(buf, n, "pykc_nx%d", i - r->nextern);
}

/* The CUDA headers pykc supplies (rt_cuda_header): on the CPU, the preamble (cpu_rt.h)
   has what CUDA's own headers declare; nvrtc: NVRTC lacks it too (CuPy adds its include
   folder), so nvrtcCreateProgram gets the same text. */
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

/* The NVRTC options a host compiler understands, as its own (the rest are the GPU's):
   NVRTC's spelling, then g++'s (NULL: an option with the value glued on, spelled alike). */
static const struct {
  const char *nvrtc, *host;
} host_options[] = {
    {"-D", "-D"},      {"--define-macro=", "-D"}, {"-U", "-U"},     {"--undefine-macro=", "-U"},
    {"-I", "-I"},      {"--include-path=", "-I"}, {"-std=c++", "-std=gnu++"},
    {"--std=c++", "-std=gnu++"},
};

int rt_raw_cpu_load(const RtRaw *r, const RtLog *log, RtCpuModule **out, char *err) {
  *out = NULL;
  RtCpuEntry *e = calloc(r->nk ? (size_t)r->nk : 1, sizeof *e);
  char (*names)[32] = calloc(r->nk ? (size_t)r->nk : 1, sizeof *names);
  char **flags = calloc((size_t)r->noptions + 1, sizeof *flags);
  int nflags = 0, st = e && names && flags ? 0 : -1;
  for (int i = 0; !st && i < r->nk; i++) {
    e[i].func = r->k[i].name;
    e[i].entry = r->k[i].name;
    if (i >= r->nextern) {
      rt_raw_entry(r, i, names[i], sizeof names[i]);
      e[i].entry = names[i];
    }
  }
  for (int i = 0; !st && i < r->noptions; i++)
    for (size_t t = 0; t < sizeof host_options / sizeof *host_options; t++) {
      size_t n = strlen(host_options[t].nvrtc);
      if (strncmp(r->options[i], host_options[t].nvrtc, n) != 0 || !r->options[i][n])
        continue;
      size_t len = strlen(host_options[t].host) + strlen(r->options[i] + n) + 1;
      if (!(flags[nflags] = malloc(len)))
        st = -1;
      else
        snprintf(flags[nflags++], len, "%s%s", host_options[t].host, r->options[i] + n);
      break;
    }
  if (!st) {
    RtCxx c = {.text = r->code, .file = r->file, .line = r->line, .entries = e,
               .nentries = r->nk, .flags = (const char *const *)flags};
    st = rt_cpu_load_cxx(&c, log, out, err);
  } else {
    rt_errf(err, "out of memory");
    st = RT_EFAIL;
  }
  free_list(flags, nflags);
  free(names);
  free(e);
  return st;
}
