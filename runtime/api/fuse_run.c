/*
 * fuse_run.c: a call of a fuse function that runs as a sequence of kernels (src/forms/
 * view.h's FuseStage; src/fuse/fuse_stage.c says when and why): CuPy's new fusion runs
 * every operation over its own shape. Each stage is an ElementwiseKernel or
 * ReductionKernel form of the unit, planned and launched as such (form.c: CuPy's
 * broadcast, _reduce_dims, the reduction's planner), in order on the call's stream; its
 * parameters are the call's arguments, the views the body takes (made from the
 * arguments, or from a temporary once its stage planned it) and temporaries, allocated
 * per call with the shape their stage gives them and freed after the stream has run the
 * kernels. pykc_form_outputs plans the stages without memory (the outputs' shapes);
 * pykc_form_call plans each stage's launch first (its specialisation, so that the unit is
 * compiled once), then launches them.
 */
#include "api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FR_MAXTEMPS = 64 };

typedef struct FuseRun {
  pykc_kernel *k;
  const FuseViews *fv;
  const pykc_arg *args;                            /* the call's: inputs, then outputs */
  int nin, nargs;
  pykc_arg views[VIEW_MAX];
  int64_t vstrides[VIEW_MAX][RT_MAXDIM];
  bool have_view[VIEW_MAX];
  pykc_arg temps[FR_MAXTEMPS];
  bool have_temp[FR_MAXTEMPS];
  bool own_temp[FR_MAXTEMPS];                      /* allocated here (not an output) */
  pykc_arg *outs;                                  /* pykc_form_outputs: planned outputs */
  char placeholder;                                /* (its memory: no stage runs) */
} FuseRun;

/* The stage's error as the function's: its kernel named as the function. */
static pykc_status stage_err(FuseRun *r, pykc_kernel *sk, pykc_status st) {
  pykc_context *cx = r->k->m->cx;
  const char *msg = pykc_errmsg(cx), *name = rt_kernel_name(sk);
  char buf[RT_ERRLEN];
  size_t n = strlen(name);
  const char *at = strstr(msg, name);
  if (at && at - msg < (ptrdiff_t)sizeof buf)
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - msg), msg, rt_kernel_name(r->k), at + n);
  else
    snprintf(buf, sizeof buf, "%s", msg);
  pykc_usage u = pykc_errusage(cx);
  if (st == PYKC_ERR_USAGE)
    return rt_kernel_err_as(r->k, u, "%s", buf);
  return rt_kernel_err(r->k, st, "%s", buf);
}

/* View j, made once its array is there. */
static pykc_status make_view(FuseRun *r, int j) {
  const FuseView *v = &r->fv->v[j];
  const pykc_arg *a = v->of_temp ? (r->have_temp[v->of] ? &r->temps[v->of] : NULL)
                      : v->of < r->nin ? &r->args[v->of]
                      : r->have_view[v->of - r->nin] ? &r->views[v->of - r->nin] : NULL;
  if (!a)
    return PYKC_OK;                                /* (a later stage makes it) */
  pykc_status st = api_view_of(r->k, a, v, &r->views[j], r->vstrides[j]);
  r->have_view[j] = !st;
  return st;
}

/* Does the caller give the function's output o (with its memory)? */
static bool out_given(const FuseRun *r, int o) {
  return r->nargs > r->nin + o &&
         (r->args[r->nin + o].data || api_arg_empty(&r->args[r->nin + o]));
}

/* The argument SRC stands for (NULL: not there yet). */
static const pykc_arg *src_arg(FuseRun *r, FuseSrc s) {
  switch (s.kind) {
  case FSRC_ARG: return &r->args[s.i];
  case FSRC_VIEW: return r->have_view[s.i] ? &r->views[s.i] : NULL;
  case FSRC_TEMP: return r->have_temp[s.i] ? &r->temps[s.i] : NULL;
  case FSRC_OUT: return out_given(r, s.i) ? &r->args[r->nin + s.i] : NULL;
  }
  return NULL;
}

/* Stage g's kernel, configuration and arguments (outputs not there: empty). */
static pykc_status stage_args(FuseRun *r, const FuseStage *g, pykc_kernel **sk,
                              pykc_call_cfg *cfg, pykc_arg *sa) {
  pykc_status st = pykc_get_kernel(r->k->m, g->kernel, sk);
  if (st)
    return st;
  for (int j = 0; j < r->fv->n; j++)
    if (!r->have_view[j] && (st = make_view(r, j)))
      return st;
  for (int i = 0; i < g->nin + g->nout; i++) {
    const pykc_arg *a = src_arg(r, i < g->nin ? g->in[i] : g->out[i - g->nin]);
    if (!a && i < g->nin)
      return rt_kernel_err(r->k, PYKC_ERR_USAGE, "kernel '%s': stage %s reads what no stage "
                           "made", rt_kernel_name(r->k), g->kernel);
    sa[i] = a ? *a : (pykc_arg){0};
    if (a && i >= g->nin && !a->data && r->outs && g->out[i - g->nin].kind != FSRC_OUT)
      sa[i].data = &r->placeholder;                /* (a temporary, or its view, planned
                                                      without memory: there, as given) */
  }
  if (g->reduce) {
    cfg->naxis = g->naxes;
    memcpy(cfg->axis, g->axes, sizeof *g->axes * (size_t)g->naxes);
  }
  return PYKC_OK;
}

/* What stage g's outputs come to (sa: its arguments); the temporaries it makes take
   that shape (and memory, when ALLOC). */
static pykc_status stage_outputs(FuseRun *r, const FuseStage *g, pykc_kernel *sk,
                                 const pykc_call_cfg *cfg, pykc_arg *sa, bool alloc) {
  pykc_arg outs[RT_MAXPARAMS];
  pykc_status st = pykc_form_outputs(sk, cfg, sa, g->nin + g->nout, outs);
  if (st)
    return stage_err(r, sk, st);
  for (int o = 0; o < g->nout; o++) {
    FuseSrc s = g->out[o];
    if (s.kind == FSRC_OUT && r->outs && !sa[g->nin + o].data && !api_arg_empty(&sa[g->nin + o]))
      r->outs[s.i] = outs[o];
    if (s.kind != FSRC_TEMP)
      continue;
    pykc_arg *t = &r->temps[s.i];
    if (r->have_temp[s.i])                         /* a later write into it: its memory */
      continue;                                    /* (stage_args) */
    int fo = r->fv->temp_out ? r->fv->temp_out[s.i] - 1 : -1;   /* (a function's output) */
    if (fo >= 0 && r->outs)
      r->outs[fo] = outs[o];
    *t = fo >= 0 && out_given(r, fo) ? r->args[r->nin + fo] : outs[o];
    if (fo >= 0 && t->data) {
      r->have_temp[s.i] = true;
      sa[g->nin + o] = *t;
      continue;
    }
    t->strides = NULL;
    t->data = t->value.alloc.base = NULL;
    if (alloc) {
      size_t bytes = dtype_info[(int)t->dtype].size;
      for (int d = 0; d < t->ndim; d++)
        bytes *= (size_t)t->shape[d];
      if ((st = pykc_malloc(r->k->m->cx, bytes ? bytes : 1, &t->data)))
        return st;
      r->own_temp[s.i] = true;
    }
    r->have_temp[s.i] = true;
    sa[g->nin + o] = *t;
  }
  return PYKC_OK;
}

static pykc_status check(FuseRun *r) {
  if (r->fv->ntemps > FR_MAXTEMPS || r->fv->n > VIEW_MAX)
    return rt_kernel_err(r->k, PYKC_ERR_USAGE, "kernel '%s': %d temporaries, %d views",
                         rt_kernel_name(r->k), r->fv->ntemps, r->fv->n);
  return PYKC_OK;
}

pykc_status api_fuse_outputs(pykc_kernel *k, const pykc_call_cfg *cfg, const FuseViews *fv,
                             const pykc_arg *args, int nin, int nargs, pykc_arg *outs) {
  FuseRun r = {.k = k, .fv = fv, .args = args, .nin = nin, .nargs = nargs, .outs = outs};
  pykc_status st = check(&r);
  for (int s = 0; !st && s < fv->nstages; s++) {
    const FuseStage *g = &fv->stages[s];
    pykc_kernel *sk;
    pykc_call_cfg c = {.stream = cfg ? cfg->stream : NULL};
    pykc_arg sa[RT_MAXPARAMS];
    if (!(st = stage_args(&r, g, &sk, &c, sa)))
      st = stage_outputs(&r, g, sk, &c, sa, false);
  }
  return st;
}

pykc_status api_fuse_call(pykc_kernel *k, const pykc_call_cfg *cfg, const FuseViews *fv,
                          const pykc_arg *args, int nin, int nargs) {
  FuseRun r = {.k = k, .fv = fv, .args = args, .nin = nin, .nargs = nargs};
  pykc_kernel *sk[RT_MAXPARAMS];
  pykc_call_cfg c[RT_MAXPARAMS];
  pykc_arg (*sa)[RT_MAXPARAMS] = calloc((size_t)fv->nstages, sizeof *sa);
  pykc_status st = sa ? check(&r) : rt_kernel_err(k, PYKC_ERR_NOMEM, "out of memory");
  if (!st && fv->nstages > RT_MAXPARAMS)
    st = rt_kernel_err(k, PYKC_ERR_USAGE, "kernel '%s': %d kernels", rt_kernel_name(k),
                       fv->nstages);
  int planned = 0;
  for (; !st && planned < fv->nstages; planned++) {   /* memory, and each specialisation */
    const FuseStage *g = &fv->stages[planned];
    c[planned] = (pykc_call_cfg){.stream = cfg ? cfg->stream : NULL};
    if (!(st = stage_args(&r, g, &sk[planned], &c[planned], sa[planned])) &&
        !(st = stage_outputs(&r, g, sk[planned], &c[planned], sa[planned], true)) &&
        (st = api_form_prepare(sk[planned], &c[planned], sa[planned], g->nin + g->nout)))
      st = stage_err(&r, sk[planned], st);
  }
  for (int s = 0; !st && s < fv->nstages; s++)      /* in order, on the stream */
    if ((st = pykc_form_call(sk[s], &c[s], sa[s], fv->stages[s].nin + fv->stages[s].nout)))
      st = stage_err(&r, sk[s], st);
  free(sa);
  bool any = false;
  for (int t = 0; t < fv->ntemps; t++)
    any |= r.own_temp[t];
  if (!any)
    return st;
  char msg[RT_ERRLEN];                             /* (the frees clear the message) */
  pykc_usage u = pykc_errusage(k->m->cx);
  snprintf(msg, sizeof msg, "%s", st ? pykc_errmsg(k->m->cx) : "");
  pykc_status ss = pykc_stream_synchronize(k->m->cx, cfg ? cfg->stream : NULL);
  if (!st && ss)                                   /* (the kernels read them until done) */
    return ss;
  for (int t = 0; t < fv->ntemps; t++)
    if (r.own_temp[t])
      pykc_mem_free(k->m->cx, r.temps[t].data);
  if (st == PYKC_ERR_USAGE)
    return rt_kernel_err_as(k, u, "%s", msg);
  return st ? rt_kernel_err(k, st, "%s", msg) : PYKC_OK;
}
