/*
 * form_params.c: the in/out parameter specs of ElementwiseKernel and ReductionKernel
 * ("T x, raw float32 y"), parsed as CuPy's _get_param_info parses them; what CuPy rejects
 * is an error at the offending word of a one-line spec literal, with CuPy's reason.
 */
#include "form_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- parameter specs */

static bool is_space(char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); }

static bool is_alpha(char ch) { return ch == '_' || ((ch | 32) >= 'a' && (ch | 32) <= 'z'); }

static bool is_c_name(const char *s, size_t n) {
  if (!n || !is_alpha(s[0]))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!is_alpha(s[i]) && !(s[i] >= '0' && s[i] <= '9'))
      return false;
  return true;
}

/* Where bytes [off, off + len) of the spec string are, for a caret. */
static Loc spec_loc(const FormStr *fs, size_t off, size_t len) {
  if (!fs->col0)
    return fs->loc;
  return (Loc){fs->loc.line, fs->col0 + (uint32_t)off, (uint32_t)(len ? len : 1)};
}

typedef struct Word {
  size_t off, len;
} Word;

/* One comma-separated piece [off, off + len) of spec fs as CuPy's ParameterInfo reads
   it; false after a diagnostic. */
static bool parse_param(Sema *S, const FormStr *fs, size_t off, size_t len, bool is_out,
                        FormParam *p) {
  const char *s = fs->s;
  Word w[64];
  int nw = 0;
  for (size_t i = off; i < off + len;) {
    while (i < off + len && is_space(s[i]))
      i++;
    size_t st = i;
    while (i < off + len && !is_space(s[i]))
      i++;
    if (i > st && nw < 64)
      w[nw++] = (Word){st, i - st};
  }
  if (nw < 2) {
    if (nw)
      diag_error(S->c, spec_loc(fs, off, len), "Syntax error: %.*s (a parameter is "
                 "'[raw] TYPE NAME')", (int)len, s + off);
    else
      diag_error(S->c, spec_loc(fs, off, len), "Syntax error: an empty parameter (a "
                 "parameter is '[raw] TYPE NAME')");
    return false;
  }
  Word t = w[nw - 2], nm = w[nw - 1];
  memset(p, 0, sizeof *p);
  p->is_out = is_out;
  p->is_const = !is_out;
  p->dtype = -1;
  p->loc = spec_loc(fs, nm.off, nm.len);
  for (int k = 0; k < nw - 2; k++) {
    if (w[k].len == 3 && !memcmp(s + w[k].off, "raw", 3))
      p->raw = true;
    else if (w[k].len == 10 && !memcmp(s + w[k].off, "_non_const", 10))
      p->is_const = false;
    else {
      diag_error(S->c, spec_loc(fs, w[k].off, w[k].len), "Unknown keyword \"%.*s\"",
                 (int)w[k].len, s + w[k].off);
      return false;
    }
  }
  const char *ts = s + t.off;
  if (t.len == 8 && !memcmp(ts, "CIndexer", 8)) {
    diag_error(S->c, spec_loc(fs, t.off, t.len), "CIndexer parameters are not supported");
    return false;
  }
  if (t.len == 1) {
    p->ph = intern(&S->c->names, ts, 1);
  } else {
    int k = ty_parse_dtype(ts, t.len);
    if (k < 0) {
      diag_error(S->c, spec_loc(fs, t.off, t.len), "data type '%.*s' not understood",
                 (int)t.len, ts);
      return false;
    }
    p->dtype = k;
    p->tname = intern(&S->c->names, ts, t.len);
  }
  const char *ns = s + nm.off;
  if (!is_c_name(ns, nm.len)) {
    diag_error(S->c, p->loc, "parameter name '%.*s' is not a C identifier (CuPy's generated "
               "code would not compile)", (int)nm.len, ns);
    return false;
  }
  p->name = intern(&S->c->names, ns, nm.len);
  return true;
}

/* CuPy's _get_param_info(s): an empty string is no parameters; otherwise s.strip()
   split at every comma, each piece a parameter. Appends to f->params. */
bool form_parse_specs(Sema *S, Form *f, const FormStr *fs, bool is_out, int *count) {
  *count = 0;
  if (fs->len == 0)
    return true;
  size_t b = 0, e = fs->len;
  while (b < e && is_space(fs->s[b]))
    b++;
  while (e > b && is_space(fs->s[e - 1]))
    e--;
  int n = 1;
  for (size_t i = b; i < e; i++)
    n += fs->s[i] == ',';
  int base = f->nin + f->nout;
  FormParam *ps = arena_alloc(&S->c->arena, sizeof *ps * (size_t)(base + n));
  if (base)
    memcpy(ps, f->params, sizeof *ps * (size_t)base);
  f->params = ps;
  bool ok = true;
  for (size_t st = b; ok;) {
    size_t en = st;
    while (en < e && fs->s[en] != ',')
      en++;
    ok = parse_param(S, fs, st, en - st, is_out, &ps[base + (*count)++]);
    if (en >= e)
      break;
    st = en + 1;
  }
  return ok;
}

enum { FORM_MAX_PARAMS = 64 };                    /* as --sig and DSL kernels */

/* The checks CuPy's constructor (or the compiler, later) makes of the parameters. */
bool form_check_params(Sema *S, Form *f) {
  int n = f->nin + f->nout;
  if (n > FORM_MAX_PARAMS) {
    diag_error(S->c, f->params[FORM_MAX_PARAMS].loc, "kernel '%s' has %d parameters; pykc "
               "takes at most %d", f->name, n, FORM_MAX_PARAMS);
    return false;
  }
  for (int i = 0; i < n; i++) {
    FormParam *p = &f->params[i];
    if (f->kind == FORM_ELEMENTWISE && !strcmp(p->name, "i")) {
      diag_error(S->c, p->loc, "Can not use 'i' as a parameter name");
      return false;
    }
    for (int j = 0; j < i; j++)
      if (f->params[j].name == p->name) {
        diag_error(S->c, p->loc, "parameter '%s' is declared twice (CuPy's generated code "
                   "would not compile)", p->name);
        return false;
      }
  }
  const char **phs = arena_alloc(&S->c->arena, sizeof *phs * (size_t)(n + 1));
  int nphs = 0;
  for (int i = 0; i < n; i++) {
    const char *ph = f->params[i].ph;
    bool seen = !ph;
    for (int k = 0; k < nphs && !seen; k++)
      seen = phs[k] == ph;
    if (!seen)
      phs[nphs++] = ph;
  }
  f->phs = phs;
  f->nphs = nphs;
  return true;
}

/* compiler.is_valid_kernel_name: ^[a-zA-Z_][a-zA-Z_0-9]*$ */
bool form_check_name(Sema *S, const FormStr *name) {
  if (is_c_name(name->s, name->len))
    return true;
  diag_error(S->c, name->given ? name->loc : (Loc){0, 0, 0}, "Invalid kernel name: \"%s\"",
             name->s);
  return false;
}
