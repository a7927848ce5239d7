/*
 * raw.c: CUDA C++ compiled as written (docs/design.md §7.1, language.md's RawKernel and
 * RawModule): a .cu file, or the code of a RawKernel / RawModule (from a .py file's
 * forms, or pykc.RawKernel in Python), with CuPy's options and name expressions.
 *
 * An RtRaw holds the code, where it comes from (file, first line), the user's NVRTC
 * options and name expressions, and its kernels: the `extern "C" __global__` functions
 * found by the CUDA C++ scanner (cxxscan.c, with the options' macros), then one per name
 * expression (the template's parameters with the expression's arguments). A kernel is found by its C name or its name
 * expression. On the GPU the code goes to NVRTC with the options and the name expressions
 * (runtime/gpu/backend.c), and a name expression's function is its lowered name. On the
 * CPU the code goes to g++ (cpu/backend.c) with entry trampolines: NAME__entry for an
 * extern "C" kernel, pykc_nxI__entry calling the template instance for the I-th name
 * expression.
 */
#include "rt.h"
#include "cxx/cxxscan.h"

#include <stdlib.h>
#include <string.h>

struct RtRaw {
  char *code, *file;
  int line;
  char **options, **exprs;                         /* strdup'd */
  int noptions, nexprs;
  pykc_cuda_scan *scan;                            /* the code's kernels (cxxscan.c) */
  RtCuKernel *k;                                   /* extern "C" kernels, then expressions */
  int nk, nextern;
  char **lowered;                                  /* GPU: per expression, after compiling */
  bool coop;                                       /* it syncs its grid: rt_raw_coop */
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
  for (int i = 0; r->k && i < r->nk; i++)
    free(r->k[i].params);
  free(r->k);
  pykc_cuda_scan_free(r->scan);
  free(r);
}

/* R's kernels from the scanner (cxxscan.c): the extern "C" ones, then one per name
   expression; 0, -1 out of memory, RT_ESOURCE with err. */
static int scan_kernels(RtRaw *r, char *err) {
  pykc_cuda_scan *sc;
  pykc_status st = cxx_scan(r->code, (const char *const *)r->options, r->noptions,
                            (const char *const *)r->exprs, r->nexprs, &sc);
  r->scan = sc;
  if (st)
    return st == PYKC_ERR_SOURCE ? (rt_errf(err, "%s", sc->error), RT_ESOURCE) : -1;
  if (!(r->k = calloc((size_t)sc->nkernels + 1, sizeof *r->k)))
    return -1;
  for (int pass = 0; pass < 2; pass++)             /* C names first, then expressions */
    for (int i = 0; i < sc->nkernels; i++) {
      const pykc_cuda_kernel *ck = &sc->kernels[i];
      if (pass ? !ck->name_expression : ck->name_expression || !ck->extern_c || ck->is_template)
        continue;
      RtCuKernel *k = &r->k[r->nk];
      k->name = ck->name;
      k->nparams = ck->nparams;
      if (!(k->params = calloc((size_t)ck->nparams + 1, sizeof *k->params)))
        return -1;
      r->nk++;
      for (int j = 0; j < ck->nparams; j++)
        k->params[j] = (RtParam){.name = ck->params[j].name, .dtype = ck->params[j].dtype,
                                 .ndim = ck->params[j].ndim,
                                 .is_array = ck->params[j].pointer != 0,
                                 .raw = ck->params[j].ndim < 0,     /* (CArray: its struct) */
                                 .ref = ck->params[j].pointer == 2};
      r->nextern += !pass;
    }
  return 0;
}

int rt_raw_new(const RtRawSpec *s, RtRaw **out, char *err) {
  *out = NULL;
  RtRaw *r = calloc(1, sizeof *r);
  const char *code = cxx_skip_bom(s->code);       /* a UTF-8 BOM is no C++ (nvcc drops it) */
  if (!r || !(r->code = strdup(code)) || !(r->file = strdup(s->file)) ||
      !(r->options = dup_list(s->options, s->noptions)) ||
      !(r->exprs = dup_list(s->exprs, s->nexprs)) ||
      !(r->lowered = calloc(s->nexprs ? (size_t)s->nexprs : 1, sizeof *r->lowered))) {
    rt_raw_free(r);
    return -1;
  }
  r->line = s->line > 0 ? s->line : 1;
  r->noptions = s->noptions;
  r->nexprs = s->nexprs;
  char *blank = cxx_blank(r->code);
  bool grid = false, sync = false;
  for (size_t i = 0; blank && blank[i]; i++) {
    grid = grid || cxx_word_at(blank, i, "this_grid");
    sync = sync || cxx_word_at(blank, i, "sync");
  }
  r->coop = grid && sync;
  free(blank);
  int st = scan_kernels(r, err);
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
bool rt_raw_coop(const RtRaw *r) { return r->coop; }
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

const char *rt_raw_entry(const RtRaw *r, int i, char *buf, size_t n) {
  if (i < r->nextern)
    return r->k[i].name;                           /* a name of any length, as written */
  snprintf(buf, n, "pykc_nx%d", i - r->nextern);
  return buf;
}
