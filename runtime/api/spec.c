/*
 * spec.c: a kernel's specialisations (KSpec). A miss specialises the kernel (generic
 * kernels) or picks the matching declared specialisation, emits the whole unit in the
 * backend's language, has the backend compile (disk cache first) and load it, and keeps
 * it until the module is freed; CUDA C++ as written is compiled at its first launch.
 */
#include "api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether K's scalar arguments convert as CuPy's CScalar.apply_dtype does (NumPy's
   assignment): an ElementwiseKernel's or ReductionKernel's. */
static bool form_assigns(const KKernel *k) {
  return k && k->form &&
         (k->form->kind == KC_FORM_ELEMENTWISE || k->form->kind == KC_FORM_REDUCTION);
}

/* The runtime's parameters of signature S of kernel K; NULL with err for types the host
   cannot pass. */
static RtParam *sig_params(const KKernel *k, const KSig *s, char *err) {
  RtParam *ps = calloc(s->nparams ? s->nparams : 1, sizeof *ps);
  if (!ps) {
    snprintf(err, RT_ERRLEN, "out of memory");
    return NULL;
  }
  for (int i = 0; i < s->nparams; i++) {
    const KParam *kp = &s->params[i];
    if (kp->dtype < 0) {
      snprintf(err, RT_ERRLEN, "parameter '%s' of kernel '%s' cannot be passed from the host",
               kp->name, s->kernel);
      free(ps);
      return NULL;
    }
    ps[i] = (RtParam){.name = kp->name, .dtype = kp->dtype, .record = kp->record, .ndim = kp->ndim,
                      .is_array = kp->is_array, .contig = kp->contig,
                      .assign = form_assigns(k)};
  }
  return ps;
}

/* Validates args against a parameter list without keeping the result. */
static int check_args(RtParam *ps, int n, const pykc_arg *args, int nargs, char *err) {
  RtSig sig = {.params = ps, .n = n};
  int st = rt_sig_layout(&sig, err);
  if (st)
    return st;
  void *buf = malloc(sig.size + 16), **ptrs = malloc((n + 1) * sizeof *ptrs);
  st = buf && ptrs ? rt_marshal(&sig, args, nargs, buf, ptrs, err) : RT_EFAIL;
  if (!buf || !ptrs)
    snprintf(err, RT_ERRLEN, "out of memory");
  free(buf);
  free(ptrs);
  return st;
}

/* A twinned declared specialisation S for ARGS (which it accepts): the one with S's
   types and each array C-contiguous where its argument is (the twin when all are, S
   when none is). */
static const KSig *contig_twin(Unit *u, const KKernel *k, const KSig *s, const pykc_arg *args,
                               bool *source_error, char *err) {
  KParam types[RT_MAXPARAMS];
  for (int i = 0; i < s->nparams; i++) {
    types[i] = s->params[i];
    types[i].contig = s->params[i].is_array && (s->params[i].contig || rt_arg_contig(&args[i]));
  }
  return kc_specialise(u, k, types, s->nparams, source_error, err);
}

const KSig *rt_pick_sig(Unit *u, const KKernel *k, const pykc_arg *args, int nargs,
                        bool *source_error, char *err) {
  *source_error = false;
  if (kc_twins(u)) {                               /* (a form's declared dtypes too) */
    snprintf(err, RT_ERRLEN, "out of memory");
    return NULL;
  }
  if (!k->generic) {
    char first[RT_ERRLEN] = "";
    for (int i = 0;; i++) {
      const KSig *s = kc_declared(u, k, i);
      if (!s)
        break;
      RtParam *ps = sig_params(k, s, err);
      if (!ps)
        return NULL;
      int st = check_args(ps, s->nparams, args, nargs, i == 0 ? first : err);
      free(ps);
      if (st == 0)
        return s->twinned ? contig_twin(u, k, s, args, source_error, err) : s;
    }
    snprintf(err, RT_ERRLEN, "%s", first);
    return NULL;
  }
  KParam types[RT_MAXPARAMS];
  if (nargs > RT_MAXPARAMS) {
    snprintf(err, RT_ERRLEN, "kernel '%s' takes %d argument%s, got %d", k->name, k->nparams,
             k->nparams == 1 ? "" : "s", nargs);
    return NULL;
  }
  for (int i = 0; i < nargs; i++)
    types[i] = (KParam){.is_array = args[i].is_array != 0, .dtype = (int)args[i].dtype,
                        .record = (int)args[i].dtype == PYKC_RECORD && args[i].is_array
                                      ? args[i].record : NULL,
                        .ndim = args[i].ndim, .contig = args[i].is_array != 0 && rt_arg_contig(&args[i]),
                        .strong = !args[i].is_array && args[i].numpy_scalar,
                        .handle = !args[i].is_array && args[i].handle};
  return kc_specialise(u, k, types, nargs, source_error, err);
}

static pykc_status add_module(pykc_module *m, void *mod) {
  if (m->nmods == m->capmods) {
    int cap = m->capmods ? 2 * m->capmods : 4;
    void **p = realloc(m->mods, cap * sizeof *p);
    if (!p)
      return api_set_err(m->cx, PYKC_ERR_NOMEM, "out of memory");
    m->mods = p, m->capmods = cap;
  }
  m->mods[m->nmods++] = mod;
  return PYKC_OK;
}

/* Has the backend compile (disk cache first) and load C for M; the loaded code is kept
   until pykc_module_free. */
static pykc_status load(pykc_module *m, RtCode *c, void **mod) {
  pykc_context *cx = m->cx;
  char err[RT_ERRLEN], *log = NULL;
  if (!cx->dev)
    return api_no_device(cx, m->name);
  c->name = m->name, c->line_info = m->line_info, c->mi = &m->info;
  c->log = cx->log.fn ? &cx->log : NULL, c->stats = &cx->stats;
  int st = cx->be->load(cx->dev, c, mod, &log, err);
  api_note_interrupt(cx, st);
  if (st) {
    api_set_err(cx, (pykc_status)st, "%s%s%s", err, log ? "\n" : "", log ? log : "");
    free(log);
    return (pykc_status)st;
  }
  free(m->compile_log);                            /* pykc_module_log */
  m->compile_log = log && *log ? log : (free(log), NULL);
  pykc_status added = add_module(m, *mod);
  if (added)
    cx->be->unload(cx->dev, *mod);
  return added;
}

pykc_status api_raw_load(pykc_module *m, RawUse *u) {
  RtCode c = {.raw = u->r};
  return u->mod ? PYKC_OK : load(m, &c, &u->mod);
}

/* KS's function, compiling the unit's current program for the context's backend when
   KS's specialisation is new. */
static pykc_status spec_function(pykc_module *m, KSpec *ks) {
  pykc_context *cx = m->cx;
  const KSig *s = ks->ksig;
  Unit *u = m->unit;
  kc_take(u, s);
  if (s->serial >= m->ncovered || !s->in_text) {
    size_t mark = kc_diag_mark(u);
    int covered;
    char *src = kc_emit(u, cx->be->emits_c, &covered);
    if (!src)
      return api_unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
    RtCode c = {.text = src, .unit = u, .covered = covered, .user_code = kc_user_code(u),
                .debug = kc_debug(u)};
    void *mod;
    pykc_status st = load(m, &c, &mod);
    free(src);
    if (st)
      return st;
    m->cur = mod;
    m->ncovered = covered;
  }
  char err[RT_ERRLEN];
  ks->fn = (RtFunc){.name = s->kernel, .debug = kc_debug(u), .static_smem = (size_t)s->static_shared,
                    .coop = s->coop};
  pykc_status st = api_be_err(cx, cx->be->function(cx->dev, m->cur, s->cname, &ks->fn, err), err);
  if (!st)
    api_map_function(m, ks);
  return st;
}

/* The function of a kernel of CUDA C++ as written, compiling its code at the first. The
   static shared memory of such a kernel is the backend's to tell (the CPU's does not
   know it: 0, only the dynamic shared memory is held to the limit there). */
static pykc_status raw_function(pykc_kernel *k, KSpec *ks) {
  pykc_module *m = k->m;
  pykc_context *cx = m->cx;
  RawUse *u = k->ru;
  pykc_status st = api_raw_load(m, u);
  if (st)
    return st;
  char err[RT_ERRLEN], buf[256];
  const char *sym = cx->be->raw_symbol(u->r, k->ri, buf, sizeof buf);
  ks->fn = (RtFunc){.name = k->name, .coop = rt_raw_coop(u->r)};
  return api_be_err(cx, cx->be->function(cx->dev, u->mod, sym, &ks->fn, err), err);
}

/* Fills KS's signature and function from its specialisation. */
pykc_status api_spec_kspec(pykc_kernel *k, KSpec *ks) {
  char err[RT_ERRLEN];
  ks->sig.n = ks->ksig->nparams;
  ks->sig.params = sig_params(k->kk, ks->ksig, err);
  return ks->sig.params ? spec_function(k->m, ks)
                        : api_set_err(k->m->cx, PYKC_ERR_USAGE, "%s", err);
}

/* After ST, the status of filling KS: lays out its arguments and puts it first in K's
   list, or frees it. */
pykc_status api_add_kspec(pykc_kernel *k, KSpec *ks, pykc_status st) {
  char err[RT_ERRLEN];
  if (!st && (st = (pykc_status)rt_sig_layout(&ks->sig, err)))
    api_set_err(k->m->cx, st, "kernel '%s': %s", rt_kernel_name(k), err);
  if (st) {
    api_free_kspecs(ks);
    return st;
  }
  ks->next = k->specs;
  k->specs = ks;
  return PYKC_OK;
}

/* Builds the KSpec these arguments select and puts it first. */
pykc_status api_prepare(pykc_kernel *k, const pykc_arg *args, int nargs, uint64_t key,
                           KSpec **out) {
  pykc_context *cx = k->m->cx;
  char err[RT_ERRLEN];
  bool nodev = !cx->dev;                          /* (arguments are checked first) */
  if (nodev && k->cu)
    return api_no_device(cx, rt_kernel_name(k));
  KSpec *ks = calloc(1, sizeof *ks);
  if (!ks)
    return api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  ks->key = key;
  pykc_status st;
  if (k->cu) {
    ks->sig.n = k->cu->nparams;
    ks->sig.params = malloc((ks->sig.n ? ks->sig.n : 1) * sizeof *ks->sig.params);
    if (ks->sig.params)
      memcpy(ks->sig.params, k->cu->params, ks->sig.n * sizeof *ks->sig.params);
    st = ks->sig.params ? raw_function(k, ks) : api_set_err(cx, PYKC_ERR_NOMEM, "out of memory");
  } else {
    Unit *u = k->m->unit;
    size_t mark = kc_diag_mark(u);
    bool source_error;
    ks->ksig = rt_pick_sig(u, k->kk, args, nargs, &source_error, err);
    if (!ks->ksig) {
      free(ks);
      if (source_error)                         /* the specialisation has type errors */
        return api_unit_err(cx, u, PYKC_ERR_SOURCE, kc_diags_since(u, mark));
      return api_unit_err(cx, u, PYKC_ERR_USAGE, err);
    }
    if (nodev) {
      free(ks);
      return api_no_device(cx, rt_kernel_name(k));
    }
    st = api_spec_kspec(k, ks);
  }
  if ((st = api_add_kspec(k, ks, st)))
    return st;
  *out = ks;
  return PYKC_OK;
}


void api_free_kspecs(KSpec *s) {
  while (s) {
    KSpec *next = s->next;
    free(s->sig.params);
    free(s);
    s = next;
  }
}
