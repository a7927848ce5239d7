/*
 * form_spec.c: a kernel form's specialisation (forms.h): the argument types checked with
 * CuPy's _decide_params_type rules and messages, the placeholders' dtypes decided, and the
 * --sig and default signatures of a form's kernel.
 */
#include "form_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- specialisation */

/* The element type of argument type T: an array's dtype (a record's own Type), a
   scalar's type itself. */
static Type *elem_of(Type *t) { return t->kind == TY_ARRAY ? t->elem : ty_scalar(t->kind); }

static const char *ename(Ctx *c, const Type *t) { return ty_str(c, t); }

/* The dtypes of a call's parameters by CuPy's _decide_params_type rules: the arrays'
   dtypes decide the placeholders (outputs first, then inputs; scalars decide nothing and
   are cast to their parameter's type), declared dtypes must match. ptypes[i] NULL: an
   output not given (to be allocated). With spec set, the arguments are a kernel
   specialisation's: every non-raw array has the loop's ndim. etypes[np] receives each
   parameter's element type (a scalar's, or a void dtype's TY_RECORD), ph[nphs] each
   placeholder's; false with *err set. */
static bool resolve(Sema *S, Func *fn, Type **ptypes, int n, bool spec, Type **etypes,
                    Type **ph, const char **err) {
  Form *f = fn->form;
  Ctx *c = S->c;
  Arena *a = &c->arena;
  int np = f->nin + f->nout;
  *err = NULL;
  if (n != np) {
    *err = arena_printf(a, "kernel '%s' takes %d argument%s, got %d", fn->name, np, form_plural(np), n);
    return false;
  }
  for (int k = 0; k < f->nphs; k++)
    ph[k] = NULL;
  int loop_ndim = -1;
  const char *loop_param = NULL;
  for (int pass = 0; pass < 2; pass++)             /* outputs, then inputs */
    for (int i = pass ? 0 : f->nin; i < (pass ? f->nin : np); i++) {
      FormParam *p = &f->params[i];
      Type *t = ptypes[i];
      if (!t)
        continue;
      if (t->kind != TY_ARRAY && !ty_is_scalar(t)) {
        *err = arena_printf(a, "argument '%s' of kernel '%s' must be an array or a scalar",
                            p->name, fn->name);
        return false;
      }
      if (t->kind != TY_ARRAY) {
        if (p->is_out) {
          *err = arena_printf(a, "Output arguments type must be cupy.ndarray ('%s' of kernel "
                              "'%s' is a scalar)", p->name, fn->name);
          return false;
        }
        if (!t->handle)                            /* a texture's handle decides its */
          continue;                                /* placeholder (CuPy: cudaTextureObject_t) */
      }
      Type *et = elem_of(t);
      if (t->kind == TY_ARRAY && !p->raw) {        /* reductions: reduce_spec_check */
        if (spec && f->kind != FORM_REDUCTION && loop_ndim >= 0 && t->ndim != loop_ndim) {
          *err = arena_printf(a, "the non-raw arrays of kernel '%s' take the loop's shape: "
                              "'%s' has %d dimension%s, '%s' has %d", fn->name, loop_param,
                              loop_ndim, form_plural(loop_ndim), p->name, t->ndim);
          return false;
        }
        loop_ndim = t->ndim, loop_param = p->name;
      }
      if (p->dtype >= 0) {
        if (!ty_equal(et, ty_scalar((TypeKind)p->dtype))) {  /* CuPy's words, then what the
                                                      spec's name means when it is no dtype
                                                      name */
          const char *want = dtype_info[p->dtype].name;
          *err = arena_printf(a, "Type is mismatched. %s %s %s", p->name, ename(c, et), want);
          if (p->tname && strcmp(p->tname, want))
            *err = arena_printf(a, "%s ('%s' is %s, as NumPy reads it)", *err, p->tname, want);
          return false;
        }
        continue;
      }
      int k = 0;
      while (f->phs[k] != p->ph)
        k++;
      if (ph[k] && !ty_equal(ph[k], et)) {
        *err = arena_printf(a, "Type is mismatched. %s %s %s %s ('%s' is %s, but an earlier "
                            "argument made %s %s)", p->name, ename(c, et),
                            ename(c, ph[k]), p->ph, p->name, ename(c, et), p->ph,
                            ename(c, ph[k]));
        return false;
      }
      ph[k] = et;
    }
  for (int i = 0; i < np; i++) {
    FormParam *p = &f->params[i];
    Type *et = p->dtype >= 0 ? ty_scalar((TypeKind)p->dtype) : NULL;
    if (!et) {
      int k = 0;
      while (f->phs[k] != p->ph)
        k++;
      et = ph[k];
      if (!et) {
        *err = arena_printf(a, "the type placeholder %s of '%s' is decided by no array "
                            "argument%s%s%s (CuPy raises KeyError: '%s')", p->ph, p->name,
                            p->is_out ? ": pass the output '" : "",
                            p->is_out ? p->name : "", p->is_out ? "'" : "", p->ph);
        return false;
      }
    }
    etypes[i] = et;
  }
  return true;
}

bool form_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                 const Record **recs, const char **err) {
  Sema *S = p->sema;
  S->c = c;
  Type **ph = arena_alloc(&c->arena, sizeof *ph * (size_t)(f->form->nphs + 1));
  Type **et = arena_alloc(&c->arena, sizeof *et * (size_t)(n + 1));
  if (!resolve(S, f, ptypes, n, false, et, ph, err))
    return false;
  for (int i = 0; i < n; i++) {
    dtypes[i] = et[i]->kind == TY_RECORD ? PYKC_RECORD : (int)et[i]->kind;
    if (recs)
      recs[i] = et[i]->kind == TY_RECORD ? et[i]->rec : NULL;
  }
  return true;
}

/* Whether an ElementwiseKernel specialisation for these NF types takes the loop's
   length after them: no array is passed to a non-raw parameter, so the call gives size=
   (CuPy's ElementwiseKernel.__call__: the loop's shape is then (size,)). */
static bool loop_sized(const Form *f, Type **ptypes, int nf) {
  if (f->kind != FORM_ELEMENTWISE || f->fuse_def)
    return false;
  for (int i = 0; i < nf; i++)
    if (ptypes[i] && ptypes[i]->kind == TY_ARRAY && !f->params[i].raw)
      return false;
  return true;
}

/* The specialisation of form kernel fn for ptypes; NULL with *err set. */
static Spec *make_spec(Sema *S, Func *fn, Type **ptypes, int n, const char **err) {
  Form *f = fn->form;
  if (f->kind != FORM_ELEMENTWISE && f->kind != FORM_REDUCTION) {
    *err = arena_printf(&S->c->arena, "kernel '%s' is a %s, which pykc does not compile yet",
                        fn->name, form_kind_names[f->kind]);
    return NULL;
  }
  int nf = f->nin + f->nout;                       /* a sized call's loop length follows */
  bool sized = n >= nf && loop_sized(f, ptypes, nf);
  if (n == nf + 1 && !(sized && ptypes[nf] && ptypes[nf]->kind == TY_INT64)) {
    *err = arena_printf(&S->c->arena, sized ? "kernel '%s' takes %d argument%s and the loop's "
                        "length (int64)" : "kernel '%s' takes %d argument%s (the loop's length "
                        "follows them only when no non-raw parameter gets an array)",
                        fn->name, nf, form_plural(nf));
    return NULL;
  }
  if (n == nf + 1)
    n = nf;
  Type **ph = arena_alloc(&S->c->arena, sizeof *ph * (size_t)(f->nphs + 1));
  Type **ets = arena_alloc(&S->c->arena, sizeof *ets * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    if (!ptypes[i]) {
      *err = arena_printf(&S->c->arena, "kernel '%s': argument '%s' is missing", fn->name,
                          f->params[i].name);
      return NULL;
    }
  if (!resolve(S, fn, ptypes, n, true, ets, ph, err))
    return NULL;
  Type **types = arena_alloc(&S->c->arena, sizeof *types * (size_t)(n + 2));
  for (int i = 0; i < n; i++)                      /* scalars cast; arrays by strides, or
                                                      by the flat index when C-contiguous
                                                      (non-raw ones: the loop's views; a raw
                                                      one's CArray type says so) */
    types[i] = ptypes[i]->kind == TY_ARRAY
                   ? ty_array(S->c, ets[i], ptypes[i]->ndim, ptypes[i]->contig)
                   : ets[i];
  if (f->kind == FORM_REDUCTION && (*err = reduce_spec_check(S->c, f, types, n)))
    return NULL;
  if (sized)
    types[n] = ty_scalar(TY_INT64);
  Spec *sp = sema_form_spec(S, fn, types, n + sized);
  if (sp->finfo)
    return sp;
  FormSpecInfo *fi = arena_alloc(&S->c->arena, sizeof *fi);
  fi->form = f;
  fi->ph_types = ph;
  fi->ndim = -1;
  fi->sized = sized;
  for (int i = 0; i < n; i++) {
    Var *v = arena_alloc(&S->c->arena, sizeof *v);
    v->name = v->cname = f->params[i].name;
    v->ty = types[i];
    v->first = f->params[i].loc;
    v->is_param = v->read = true;
    sp->params[i] = v;
    if (types[i]->kind == TY_ARRAY && !f->params[i].raw && fi->ndim < 0)
      fi->ndim = types[i]->ndim;
  }
  if (sized) {                                     /* a 1-d loop of the given length */
    Var *v = arena_alloc(&S->c->arena, sizeof *v);
    v->name = v->cname = "_loop_size";
    v->ty = types[n];
    v->first = f->loc;
    v->is_param = v->read = true;
    sp->params[n] = v;
    fi->ndim = 1;
  }
  sp->finfo = fi;
  return sp;
}

Spec *form_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  Sema *S = p->sema;
  S->c = c;
  const char *err;
  Spec *sp = make_spec(S, f, ptypes, n, &err);
  if (!sp)
    diag_plain(c, "%s", err);
  return sp;
}

const FormSpecInfo *form_spec_info(const Spec *s) { return s->finfo; }

void form_sig_spec(struct Sema *S, Func *f, Type **types, int n, const char *sig) {
  const char *err;
  if (!make_spec(S, f, types, n, &err))
    S->c->nusage++, diag_plain(S->c, "--sig '%s': %s", sig, err);
}

static bool sig_usage(Sema *S, const char *sig, const char *msg) {
  S->c->nusage++;
  diag_plain(S->c, "--sig '%s': %s", sig, msg);
  return false;
}

/* Binds --sig item T to parameter I (its dtype to its placeholder) or to placeholder K. */
static bool sig_bind(Sema *S, Form *f, const char *sig, Type **types, int *ph, const char *key,
                     Type *t, int i, bool pos) {
  Arena *a = &S->c->arena;
  if (i >= 0 && types[i])
    return sig_usage(S, sig, arena_printf(a, "parameter '%s' is given twice", f->params[i].name));
  if (i >= 0) {
    types[i] = t;
    return true;
  }
  int k = 0;
  while (k < f->nphs && strcmp(f->phs[k], key))
    k++;
  if (pos || k == f->nphs)
    return sig_usage(S, sig, arena_printf(a, "'%s' is no parameter or type placeholder of "
                                          "kernel '%s'", key, f->name));
  if (t->kind == TY_ARRAY || !ty_is_scalar(t))
    return sig_usage(S, sig, arena_printf(a, "the placeholder %s takes a dtype (%s=float32)",
                                          key, key));
  ph[k] = (int)t->kind;
  return true;
}

bool form_sig_fill(struct Sema *S, Func *fn, const char *sig, Type **types, const char **keys,
                   int got) {
  Form *f = fn->form;
  Arena *a = &S->c->arena;
  int np = f->nin + f->nout;
  bool keyed = false;
  for (int j = 0; j < got; j++)
    keyed |= keys[j] != NULL;
  if (!keyed && got != np)                         /* positional: one type per parameter */
    return sig_usage(S, sig, arena_printf(a, "kernel '%s' takes %d parameter%s, the signature "
                                          "has %d (or name them: x=float32[:], T=float64)",
                                          fn->name, np, form_plural(np), got));
  Type *given[64] = {0};
  int ph[64];
  for (int k = 0; k < f->nphs; k++)
    ph[k] = -1;
  for (int j = 0; j < got; j++) {
    int i = -1;
    if (!keys[j] && j < np)
      i = j;
    for (int p = 0; keys[j] && p < np; p++)
      if (!strcmp(f->params[p].name, keys[j]))
        i = p;
    if (!keys[j] && j >= np)
      return sig_usage(S, sig, arena_printf(a, "kernel '%s' takes %d parameter%s", fn->name,
                                            np, form_plural(np)));
    if (!sig_bind(S, f, sig, given, ph, keys[j], types[j], i, !keys[j]))
      return false;
  }
  for (int i = 0; i < np; i++) {                   /* placeholders from the given types */
    const FormParam *p = &f->params[i];
    Type *t = given[i];
    int k = 0;
    while (p->dtype < 0 && t && k < f->nphs && f->phs[k] != p->ph)
      k++;
    if (p->dtype < 0 && t && ph[k] < 0)
      ph[k] = (int)(t->kind == TY_ARRAY ? t->elem->kind : t->kind);
  }
  int ndim = 1;                                    /* the loop's: a given non-raw array's */
  for (int i = 0; i < np; i++)
    if (given[i] && given[i]->kind == TY_ARRAY && !f->params[i].raw &&
        !(f->kind == FORM_REDUCTION && f->params[i].is_out))
      ndim = given[i]->ndim;
  for (int i = 0; i < np; i++) {                   /* the rest: arrays of that ndim */
    const FormParam *p = &f->params[i];
    int k = 0;
    while (p->dtype < 0 && k < f->nphs && f->phs[k] != p->ph)
      k++;
    int dt = p->dtype >= 0 ? p->dtype : ph[k];
    if (!given[i] && dt < 0)
      return sig_usage(S, sig, arena_printf(a, "the type of '%s' is not given: name it "
                                            "(%s=float32[:]) or its placeholder (%s=float32)",
                                            p->name, p->name, p->ph));
    int nd = p->raw || (f->kind == FORM_REDUCTION && p->is_out) ? 1 : ndim;
    types[i] = given[i] ? given[i] : ty_array(S->c, ty_scalar((TypeKind)dt), nd, false);
  }
  return true;
}

/* A form's type placeholders as a message lists them: "T", "X, Y and Z". */
static const char *placeholders(Ctx *c, const Form *f) {
  const char *s = f->phs[0];
  for (int i = 1; i < f->nphs; i++)
    s = arena_printf(&c->arena, "%s%s%s", s, i == f->nphs - 1 ? " and " : ", ", f->phs[i]);
  return s;
}

void form_default_spec(struct Sema *S, Func *fn) {
  Form *f = fn->form;
  if (f->kind != FORM_ELEMENTWISE && f->kind != FORM_REDUCTION)
    return;                                        /* the other forms wire their own */
  int np = f->nin + f->nout;
  if (f->nphs) {
    if (S->c->opt.check_untyped)
      diag_warning(S->c, f->loc, "kernel '%s' is not typed: its parameters use the type "
                   "placeholder%s %s; pass --sig '%s(...)' to check its code", fn->name,
                   form_plural(f->nphs), placeholders(S->c, f), fn->name);
    else if (S->c->opt.need_sigs)
      diag_error(S->c, f->loc, "kernel '%s' needs a signature: its parameters use the type "
                 "placeholder%s %s; pass --sig '%s(...)'%s", fn->name, form_plural(f->nphs),
                 placeholders(S->c, f), fn->name, sema_sig_hint(S->c));
    return;
  }
  Type **types = f->kind == FORM_REDUCTION ? reduce_default_types(S->c, f)
                 : arena_alloc(&S->c->arena, sizeof *types * (size_t)(np + 1));
  for (int i = 0; i < np && f->kind != FORM_REDUCTION; i++)  /* every parameter 1-d */
    types[i] = ty_array(S->c, ty_scalar((TypeKind)f->params[i].dtype), 1, false);
  const char *err;
  Spec *sp = make_spec(S, fn, types, np, &err);
  if (!sp)
    diag_error(S->c, f->loc, "%s", err);
  else
    sp->guessed = true;
}

const FrontEnd form_front_end = {
    .specialise = form_specialise,
    .sig_fill = form_sig_fill,
    .sig_spec = form_sig_spec,
    .default_spec = form_default_spec,
};
