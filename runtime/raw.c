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
 * (runtime/gpu/backend.c), and a name expression's function is its lowered name. On the
 * CPU the code goes to g++ (cpu/backend.c) with entry trampolines: NAME__entry for an
 * extern "C" kernel, pykc_nxI__entry calling the template instance for the I-th name
 * expression.
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

const char *rt_raw_file(const RtRaw *r) { return r->file; }
int rt_raw_line(const RtRaw *r) { return r->line; }
int rt_raw_nextern(const RtRaw *r) { return r->nextern; }

void rt_raw_options(const RtRaw *r, const char *const **options, int *n) {
  *options = (const char *const *)r->options, *n = r->noptions;
}

void rt_raw_exprs(const RtRaw *r, const char *const **exprs, int *n) {
  *exprs = (const char *const *)r->exprs, *n = r->nexprs;
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
