/*
 * fuse_call.c: calls in a @cupy.fuse body (fuse.h): cupy's ufuncs, the one
 * reduction (cp.sum(x, axis=...), x.sum() ...) with its axes, x.astype(dtype), and the
 * Python functions a body calls, inlined as CuPy's trace runs their Python bodies: a fuse
 * function of the unit, a plain def of the program (src/syntax's parse_pydef reads it
 * then), a def nested in a body (a closure), their arguments bound as Python binds them.
 */
#include "fuse.h"
#include "base/half.h"
#include "syntax/syntax.h"

#include <string.h>

/* ---------------------------------------------------------------- calls */

/* cupyx's ufunc NAME as the ufunc table names it ("cupyx.rsqrt"), or NULL. */
static const char *cupyx_name(Fuse *F, const char *name) {
  const char *full = arena_printf(&F->c->arena, "cupyx.%s", name);
  return ufunc_find(full) ? full : NULL;
}

/* What a callee names: a cupy function ("sum"), or NULL with *method set for x.NAME. */
static const char *cupy_name(Fuse *F, Node *callee, bool *method) {
  *method = false;
  if (callee->kind == ND_ATTR) {
    const TVal *bm = callee->lhs->kind == ND_NAME ? fuse_binding(F, callee->lhs->name) : NULL;
    if (bm && bm->module)                            /* xp.exp(x), xp = get_array_module(x) */
      return callee->name;
    if (fuse_mentions_local(F, callee->lhs)) {
      *method = true;
      return callee->name;
    }
    /* numpy's names too (pykc.fuse on the CPU backend: a body written with np.) */
    Val m = sema_const_eval(F->S, callee->lhs);
    if (m.kind == VAL_MODULE && m.module &&
        (!strcmp(m.module, "cupy") || !strcmp(m.module, "numpy")))
      return callee->name;
    if (m.kind == VAL_MODULE && m.module && !strcmp(m.module, "cupyx"))
      return cupyx_name(F, callee->name);
    return NULL;
  }
  if (callee->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(F->S, callee->name);
    if (s && s->kind == SYM_BUILTIN && s->bimod &&
        (!strcmp(s->bimod, "cupy") || !strcmp(s->bimod, "numpy")))
      return s->bi->name;
    if (s && s->kind == SYM_OPAQUE && s->attr && s->from && !strcmp(s->from, "cupyx"))
      return cupyx_name(F, s->attr);               /* from cupyx import rsqrt */
  }
  return NULL;
}

typedef struct CallArgs {
  Node *pos[4];
  int npos;
  Node *kw[8];
  int nkw;
} CallArgs;

static bool split_args(Fuse *F, Node *call, CallArgs *A, int maxpos, const char *what) {
  A->npos = A->nkw = 0;
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG) {
      if (A->nkw == 8) {
        diag_error(F->c, a->loc, "too many keyword arguments for %s", what);
        return false;
      }
      A->kw[A->nkw++] = a;
    } else if (a->kind == ND_STARRED || A->npos == maxpos) {
      diag_error(F->c, a->loc, "%s takes at most %d positional argument%s", what, maxpos,
                 maxpos == 1 ? "" : "s");
      return false;
    } else {
      A->pos[A->npos++] = a;
    }
  }
  return true;
}

static Node *kwarg(CallArgs *A, const char *name) {
  for (int i = 0; i < A->nkw; i++)
    if (!strcmp(A->kw[i]->name, name))
      return A->kw[i]->rhs;
  return NULL;
}

static bool only_kwargs(Fuse *F, CallArgs *A, const char *const *names, const char *what) {
  for (int i = 0; i < A->nkw; i++) {
    bool ok = false;
    for (const char *const *n = names; *n && !ok; n++)
      ok = !strcmp(*n, A->kw[i]->name);
    if (!ok) {
      diag_error(F->c, A->kw[i]->loc, "%s got an unexpected keyword argument '%s'", what,
                 A->kw[i]->name);
      return false;
    }
  }
  return true;
}

/* A compile-time integer (an axis). */
static bool const_int(Fuse *F, Node *e, int64_t *v) {
  Val x = fuse_mentions_local(F, e) ? (Val){.kind = VAL_ERROR} : sema_const_eval(F->S, e);
  if (x.kind != VAL_EXPR) {                        /* host Python: axis=x.ndim - 1 */
    bool reads = F->reads_ndim;                    /* (an axis is the call's: the planned */
    TVal h = {0};                                  /* views are not asked again) */
    int got = fuse_host(F, e, &h);
    F->reads_ndim = reads;
    if (got && h.bad)
      return false;
    if (got && h.cn)
      x = (Val){.kind = VAL_EXPR, .n = (Node *)h.cn};
  }
  if (x.kind != VAL_EXPR || !sema_is_const(x.n) || !type_is_int(x.n->ty->kind)) {
    diag_error(F->c, e->loc, "axis must be an integer, a tuple of integers or None known "
               "when the kernel is compiled");
    return false;
  }
  *v = x.n->ival;
  return true;
}

/* axis= of a reduction of an ndim-dimensional value, normalised as NumPy does. */
static bool read_axes(Fuse *F, Node *axis, int ndim) {
  F->naxes = 0;
  F->axis_none = !axis || axis->kind == ND_NONE;
  if (F->axis_none) {
    for (int d = 0; d < ndim; d++)
      F->axes[F->naxes++] = d;
    return true;
  }
  Node *items = axis->kind == ND_TUPLE ? axis->args : axis;
  for (Node *a = items; a; a = axis->kind == ND_TUPLE ? a->next : NULL) {
    int64_t v;
    if (!const_int(F, a, &v))
      return false;
    if (v < -ndim || v >= ndim) {
      diag_error(F->c, a->loc, "axis %lld is out of bounds for array of dimension %d",
                 (long long)v, ndim);
      return false;
    }
    int d = (int)(v < 0 ? v + ndim : v), at = F->naxes;
    for (int i = 0; i < F->naxes; i++)
      if (F->axes[i] == d) {
        diag_error(F->c, a->loc, "duplicate value in 'axis'");
        return false;
      }
    while (at > 0 && F->axes[at - 1] > d) {        /* ascending */
      F->axes[at] = F->axes[at - 1];
      at--;
    }
    F->axes[at] = d;
    F->naxes++;
  }
  return true;
}

/* cp.sum(x, axis=, dtype=, out=, keepdims=) and the others: the one reduction. */
static TVal reduce(Fuse *F, const Reduction *r, Node *call, Node *arg, const TVal *self,
                   CallArgs *A) {
  static const char *const sumkw[] = {"axis", "dtype", "out", "keepdims", NULL};
  static const char *const kw[] = {"axis", "out", "keepdims", NULL};
  const char *what = arena_printf(&F->c->arena, "cupy.%s", r->name);
  if (!only_kwargs(F, A, r->keep_loops ? sumkw : kw, what))
    return fuse_bad();
  Node *keep = kwarg(A, "keepdims"), *out = kwarg(A, "out"), *dtype = kwarg(A, "dtype");
  Node *axis = kwarg(A, "axis");
  if (A->npos > 1 && !axis)
    axis = A->pos[1];
  if (A->npos > 2) {
    diag_error(F->c, A->pos[2]->loc, "pykc's fuse takes a reduction's dtype, out and "
               "keepdims as keywords");
    return fuse_bad();
  }
  if (keep) {
    Val k = sema_const_eval(F->S, keep);
    if (k.kind != VAL_EXPR || !sema_is_const(k.n)) {
      diag_error(F->c, keep->loc, "keepdims must be True or False");
      return fuse_bad();
    }
    if (sema_const_truth(k.n)) {
      diag_error(F->c, keep->loc, "cupy.%s does not support `keepdims` in fusion yet.",
                 !strcmp(r->name, "max") ? "amax" : !strcmp(r->name, "min") ? "amin" : r->name);
      return fuse_bad();
    }
  }
  TVal o = {.none = true};
  if (out && out->kind != ND_NONE && !F->staged) {  /* (the old fusion hands its proxy to
                                                       ReductionKernel, which refuses it
                                                       when the kernel runs; the new one
                                                       writes out: pykc does) */
    F->want_stages = true;
    diag_error(F->c, out->loc, "pykc's fuse writes a reduction's out= in CuPy's new fusion "
               "only");
    return fuse_bad();
  }
  if (out && out->kind != ND_NONE && (o = fuse_expr(F, out)).bad)
    return o;
  if (!o.none && (o.ndim < 0 || o.cn || o.is_dtype || o.tuple || o.str)) {
    diag_error(F->c, out->loc, "Return arrays must be of ArrayType (in cupy.fuse: the out= of "
               "a reduction is not an array)");
    return fuse_bad();
  }
  if (F->red && !F->staged) {                     /* (CuPy's new fusion takes it) */
    F->want_stages = true;
    diag_error(F->c, call->loc, "Multiple reduction is not implemented yet (pykc's fuse "
               "compiles at most one reduction)");
    return fuse_bad();
  }
  TVal x = self ? *self : fuse_expr(F, arg);
  if (x.bad)
    return x;
  if (x.ndim < 0 || x.is_dtype) {
    diag_error(F->c, arg->loc, "Reduction for scalar arguments is not supported.");
    return fuse_bad();
  }
  Type *want = NULL;
  if (dtype && dtype->kind != ND_NONE) {
    TVal d = fuse_expr(F, dtype);                  /* cp.float32, x.dtype */
    if (d.bad)
      return d;
    if (!d.is_dtype) {
      diag_error(F->c, dtype->loc, "dtype= must be a dtype such as cp.float32");
      return fuse_bad();
    }
    want = ty_scalar(d.dt);
  }
  /* The old fusion ignores dtype= beyond taking the keep-dtype loops; the new one takes
     the loop whose output is dtype. */
  Loop l;
  if (!fuse_reduction_loop(r, x.dt, want ? want->kind : TY_ERROR, F->newfusion, &l)) {
    diag_error(F->c, call->loc, "Type is mismatched. %s(...), %s", r->cname, fuse_dtype_name(x.dt));
    return fuse_bad();
  }
  if (F->staged) {                                 /* a kernel of its own */
    if (!read_axes(F, axis, x.ndim))
      return fuse_bad();
    if (F->naxes == 0 && x.ndim > 0) {             /* (the planner's naxis 0: all of them) */
      diag_error(F->c, call->loc, "pykc's fuse reduces over one axis at least here (axis=())");
      return fuse_bad();
    }
    if (!o.none && o.ndim != x.ndim - F->naxes) {
      diag_error(F->c, out->loc, "Shape of specified output variable is not consistent with "
                 "reduced shape.");
      return fuse_bad();
    }
    TVal t = fuse_stage_reduce(F, r, &l, &x, F->naxes, F->axes, o.none ? l.out : o.dt);
    if (t.bad || o.none)                           /* (out=: its post-map casts into out's */
      return t;                                    /* dtype, as CuPy's type_out0_raw) */
    return fuse_stage_store(F, &o, &t, out->loc) ? o : fuse_bad();
  }
  if (F->view_out_ndim >= 0) {                     /* the planner's views: the reduced */
    F->naxes = x.ndim - F->view_out_ndim;          /* axes come first */
    for (int d = 0; d < F->naxes; d++)
      F->axes[d] = d;
  } else if (!read_axes(F, axis, x.ndim)) {
    return fuse_bad();
  }
  F->red = r;
  F->red_in = l.in[0];
  F->red_out = l.out;
  F->red_arg = x;
  F->code = &F->post;
  TVal v = {.dt = l.out, .ndim = x.ndim - F->naxes, .post = true, .c = "r"};
  if (v.ndim == 0)
    v.ndim = -1;
  return v;
}

/* x.astype(dtype, order=None, casting=None, subok=None, copy=True) */
static TVal astype(Fuse *F, Node *call, TVal x, CallArgs *A) {
  static const char *const kw[] = {"dtype", "order", "casting", "subok", "copy", NULL};
  if (!only_kwargs(F, A, kw, "astype()"))
    return fuse_bad();
  Node *d = A->npos ? A->pos[0] : kwarg(A, "dtype");
  TVal t = {0};
  if (d && d->kind == ND_STR) {                    /* x.astype('float32') */
    size_t len;
    const char *err, *str = sema_str_literal(F->S, d, &len);
    Type *ty = str ? ty_parse(F->c, str, &err) : NULL;
    if (ty && ty_is_scalar(ty))
      t = (TVal){.dt = ty->kind, .ndim = -1, .is_dtype = true};
  }
  if (!t.is_dtype && d)                            /* cp.float32, x.dtype */
    t = fuse_expr(F, d);
  if (t.bad)
    return t;
  if (!d || !t.is_dtype) {
    diag_error(F->c, d ? d->loc : call->loc, "astype() needs a dtype such as cp.float32");
    return fuse_bad();
  }
  static const char *const unsupported[] = {"order", "casting", "subok"};
  for (int i = 0; i < 3; i++) {
    Node *k = kwarg(A, unsupported[i]);
    if (k && k->kind != ND_NONE) {
      diag_error(F->c, k->loc, "%s is not supported yet", unsupported[i]);
      return fuse_bad();
    }
  }
  Node *copy = kwarg(A, "copy");
  if (copy && copy->kind == ND_FALSE && x.dt == t.dt)
    return x;
  if (!fuse_same_side(F, &x, 1, call->loc))
    return fuse_bad();
  /* astype_T's loops are '?->T', 'b->T', ... in this order */
  static const char order[] = "?bhilqBHILQefdFD";
  TypeKind from = x.dt;
  for (const char *p = order; *p; p++)
    if (type_can_cast(x.dt, type_of_char(*p))) {
      from = type_of_char(*p);
      break;
    }
  TVal r = {.dt = t.dt, .ndim = x.ndim, .post = F->red != NULL, .c = fuse_fresh(F),
            .deps = x.deps, .tdeps = x.tdeps};
  fuse_stmt_begin(F);
  const char *v = fuse_operand(F, &x, from);
  if (type_is_complex(from) && t.dt == TY_BOOL)    /* nonzero, as NumPy casts */
    v = arena_printf(&F->c->arena, "(%s).real() != 0 || (%s).imag() != 0", v, v);
  else if (type_is_complex(from) && !type_is_complex(t.dt))   /* the real part */
    v = arena_printf(&F->c->arena, "(%s).real()", v);
  buf_printf(F->code, "%s %s = static_cast<%s>(%s);\n", fuse_ctype(t.dt), r.c, fuse_ctype(t.dt),
             v);
  fuse_stmt_end(F, &r, 1);
  return r;
}

/* Binds CALL's arguments to DEF's parameters as Python does (sema_match_args; the
   defaults evaluated in SCOPE, where the def is): vals[k], parameter k's value. False
   after a diagnostic. */
static bool bind_args(Fuse *F, Node *def, Scope *scope, Node *call, TVal *vals) {
  Node *prm[SEMA_MAX_PARAMS], *given[SEMA_MAX_PARAMS];
  for (Node *p = def->params; p; p = p->next)
    if (p->kind == ND_UNSUPPORTED)                 /* `*args`, `**kw`: as the parser said */
      return fuse_unsupported(F, p), false;
  int n = sema_match_args(F->S, def, call, prm, given);
  if (n < 0)
    return false;
  for (Node *a = call->args; a; a = a->next) {     /* in the order Python evaluates them */
    Node *e = a->kind == ND_KWARG ? a->rhs : a;
    int k = 0;
    while (given[k] != e)
      k++;
    if ((vals[k] = fuse_expr(F, e)).bad)
      return false;
  }
  Binding *names = F->names;
  Scope *saved = F->S->scope;
  F->names = NULL;                                 /* a default: the def's scope */
  F->S->scope = scope;
  bool ok = true;
  for (int k = 0; k < n && ok; k++)
    if (!given[k])
      ok = !(vals[k] = fuse_expr(F, prm[k]->rhs)).bad;
  F->S->scope = saved;
  F->names = names;
  return ok;
}

/* A Python function called from a fuse body (a @fuse function, a plain def of the
   program, a def nested in a function traced): CuPy's trace runs its Python body, so its
   operations join the caller's kernel. Its arguments bind as Python binds them; its
   locals are its own (a nested def also reads those around it); `return` ends it (in an
   arm of a host `if` too). */
static TVal inline_def(Fuse *F, const PyFn *fn, Node *call) {
  enum { MAX_INLINE = FUSE_MAX_INLINE };
  Node *def = fn->def;
  if (F->depth == MAX_INLINE) {
    diag_error(F->c, call->loc, "RecursionError: maximum recursion depth exceeded while "
               "tracing %s() (pykc's fuse inlines calls %d deep at most; CuPy's trace runs "
               "the Python until the recursion limit)", def->name, MAX_INLINE);
    return fuse_bad();
  }
  for (Node *a = call->args; a && fn->fused; a = a->next)
    if (a->kind == ND_KWARG) {                     /* Fusion.__call__(self, *args) */
      diag_error(F->c, a->loc, "__call__() got an unexpected keyword argument '%s' (a fuse "
                 "function, CuPy's Fusion, takes positional arguments only)", a->name);
      return fuse_bad();
    }
  TVal args[SEMA_MAX_PARAMS];
  if (!bind_args(F, def, fn->scope, call, args))
    return fuse_bad();
  Binding *names = F->names;
  Scope *saved = F->S->scope;
  const char *saved_qual = F->qual;
  bool live = fn->depth >= 0 && fn->depth <= F->depth && F->frame[fn->depth] == fn->frame;
  F->names = fn->depth < 0 ? NULL                  /* the defining frame's names, now */
             : !live ? fn->env : fn->depth == F->depth ? names : *F->heads[fn->depth];
  F->S->scope = fn->scope;
  F->qual = fn->qual;
  F->heads[F->depth] = &names;
  F->depth++;
  F->frame[F->depth] = ++F->nframes;
  int i = 0;
  for (Node *prm = def->params; prm; prm = prm->next)
    fuse_bind(F, prm->name, args[i++]);
  Node *ret = NULL;
  TVal r = fuse_bad();
  if (fuse_stmts(F, def->body, &ret))              /* its value: a tuple, None ... */
    r = ret && ret->lhs ? fuse_expr(F, ret->lhs) : (TVal){.dt = TY_ERROR, .ndim = -1,
                                                          .none = true};
  F->depth--;
  F->heads[F->depth] = NULL;
  F->qual = saved_qual;
  F->S->scope = saved;
  F->names = names;
  return r;
}

const PyFn *fuse_global_fn(Fuse *F, const char *name, Loc at, bool *bad) {
  *bad = false;
  if (fuse_bound(F, name))
    return NULL;
  for (Func *g = F->S->p->funcs; g; g = g->next)
    if (g->form && g->form->kind == FORM_FUSE && g->pyname == name) {
      PyFn *fn = arena_alloc(&F->c->arena, sizeof *fn);
      *fn = (PyFn){.def = g->def, .scope = g->scope, .depth = -1, .fused = true,
                   .qual = g->def->str ? g->def->str : g->def->name};
      return fn;
    }
  Node *d = sema_lookup_sym(F->S, name) ? NULL : sema_pydef(F->S, F->qual, name);
  if (!d)
    return NULL;
  if (d->ival & 1) {
    diag_error(F->c, at, "'%s' (line %u) has decorators pykc cannot run: its fuse inlines "
               "plain Python functions (CuPy's trace calls what the decorator made)", name,
               d->loc.line);
    return *bad = true, NULL;
  }
  Node *def = parse_pydef(F->c, d);
  if (!def)
    return *bad = true, NULL;
  PyFn *fn = arena_alloc(&F->c->arena, sizeof *fn);
  *fn = (PyFn){.def = def, .scope = sema_pydef_scope(F->S, d), .qual = d->str, .depth = -1};
  return fn;
}

/* NAME(...): the Python function NAME is (a local bound to one, or fuse_global_fn's)
   inlined. *found: NAME is such a function. */
static TVal call_fn(Fuse *F, Node *call, bool *found) {
  const char *name = call->lhs->name;
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name) {
      *found = b->v.fn != NULL;
      return b->v.fn ? inline_def(F, b->v.fn, call) : fuse_bad();
    }
  bool bad;
  const PyFn *fn = fuse_global_fn(F, name, call->lhs->loc, &bad);
  *found = fn || bad;
  return fn ? inline_def(F, fn, call) : fuse_bad();
}

/* cupy.clip, cupy.where, cupy.around (round) and cupy.angle are Python functions that
   call a ufunc in fuse: their parameters may be given by keyword (cp.clip(x, a_min=0,
   a_max=1)), around's decimals defaults to 0, and angle's deg picks _angle_deg. Moves
   the arguments into A's positions (*u: the ufunc called); false after a diagnostic. */
static bool function_kwargs(Fuse *F, const char *name, CallArgs *A, Loc at, const UFunc **u) {
  static const struct {
    const char *fn, *params[3];
    int nreq;                                      /* the parameters without a default */
  } fns[] = {{"clip", {"a", "a_min", "a_max"}, 3}, {"where", {"condition", "x", "y"}, 3},
             {"around", {"a", "decimals"}, 1},     {"round", {"a", "decimals"}, 1},
             {"angle", {"z", "deg"}, 1}};
  for (size_t f = 0; f < sizeof fns / sizeof *fns; f++) {
    if (strcmp(fns[f].fn, name))
      continue;
    Node *pos[3] = {0};
    for (int i = 0; i < A->npos && i < 3; i++)
      pos[i] = A->pos[i];
    int nkw = 0;
    for (int k = 0; k < A->nkw; k++) {
      int i = 0;
      while (i < 3 && strcmp(fns[f].params[i], A->kw[k]->name))
        i++;
      if (i == 3) {
        A->kw[nkw++] = A->kw[k];                   /* out=, or CuPy's TypeError below */
        continue;
      }
      if (pos[i] || i < A->npos) {
        diag_error(F->c, A->kw[k]->loc, "%s() got multiple values for argument '%s'", name,
                   fns[f].params[i]);
        return false;
      }
      pos[i] = A->kw[k]->rhs;
    }
    int n = A->npos > 3 ? A->npos : 0;
    for (int i = 0; i < 3 && !n; i++)
      if (pos[i])
        A->pos[i] = pos[i], A->npos = i + 1;
    A->nkw = nkw;
    for (int i = 0; i < A->npos || i < fns[f].nreq; i++)
      if (!A->pos[i] || i >= A->npos) {
        diag_error(F->c, at, "%s() missing required argument '%s'", name, fns[f].params[i]);
        return false;
      }
    if (fns[f].nreq == 1 && A->npos == 1 && (*u)->nin == 2) {   /* decimals=0 */
      Node *zero = ast_new(F->c, ND_INT, at);
      A->pos[A->npos++] = zero;
    }
    if (!strcmp(name, "angle") && A->npos == 2) {  /* deg: host Python's truth */
      int deg = fuse_host_truth(F, A->pos[1]);
      if (deg < 0)
        return false;
      *u = deg ? fuse_ufunc("_core.angle_deg") : *u;
      A->npos = 1;
    }
  }
  return true;
}

/* cp.UFUNC(in..., [out], out=): the loop's value, written into the output array when
   one is given (that array is the call's value, as the ufunc returns its out). The
   messages are the new fusion's, whose trace CuPy runs when the old one raises. */
static TVal ufunc_call(Fuse *F, const UFunc *u, Node *e, CallArgs *A) {
  Node *out = NULL;
  for (int i = 0; i < A->nkw; i++) {
    if (strcmp(A->kw[i]->name, "out")) {
      diag_error(F->c, A->kw[i]->loc, "Wrong arguments {'%s': ...} (keyword arguments of "
                 "ufuncs in cupy.fuse: out= only)", A->kw[i]->name);
      return fuse_bad();
    }
    if (A->npos > u->nin) {
      diag_error(F->c, A->kw[i]->loc, "cannot specify 'out' as both a positional and "
                 "keyword argument");
      return fuse_bad();
    }
    out = A->kw[i]->rhs->kind == ND_NONE ? NULL : A->kw[i]->rhs;
  }
  if (A->npos == u->nin + 1)
    out = A->pos[u->nin];
  else if (A->npos != u->nin) {
    diag_error(F->c, e->loc, "Invalid number of arguments (%s%s takes %d input%s and an "
               "optional output)", u->declared ? "" : "cp.", u->name, u->nin,
               u->nin == 1 ? "" : "s");
    return fuse_bad();
  }
  if (out && u->nout > 1) {
    diag_error(F->c, out->loc, "pykc's fuse takes no output array of %s%s (a ufunc of %d "
               "outputs)", u->declared ? "" : "cp.", u->name, u->nout);
    return fuse_bad();
  }
  TVal in[3], dst = {0};
  for (int i = 0; i < u->nin; i++) {
    in[i] = fuse_expr(F, A->pos[i]);
    if (in[i].bad)
      return in[i];
  }
  if (out && (dst = fuse_expr(F, out)).bad)
    return dst;
  if (out && (dst.ndim < 0 || dst.cn || dst.is_dtype || dst.tuple || dst.none)) {
    diag_error(F->c, out->loc, "Return arrays must be of ArrayType (out= of %s%s in "
               "cupy.fuse)", u->declared ? "" : "cp.", u->name);
    return fuse_bad();
  }
  TVal r = fuse_call_ufunc(F, u, in, e->loc);
  if (r.bad || !out)
    return r;
  return fuse_store(F, &dst, &r, out->loc) ? dst : fuse_bad();
}

/* x.dtype.type(v): the NumPy scalar of x's dtype (a strong constant), as NumPy
   converts v. */
static TVal scalar_of(Fuse *F, TypeKind dt, Node *call) {
  if (!call->args || call->args->next || call->args->kind == ND_KWARG) {
    diag_error(F->c, call->loc, "%s() takes one value here", dtype_info[dt].name);
    return fuse_bad();
  }
  Scope tmp = {.parent = F->S->scope};             /* NAME(v) with NAME the dtype's class */
  Scope *saved = F->S->scope;
  const char *name = intern_cstr(&F->c->names, "$dtype");
  F->S->scope = &tmp;
  sema_bind_val(F->S, name, (Val){.kind = VAL_BUILTIN, .module = "numpy",
                                  .bi = builtin_lookup("numpy", dtype_info[dt].name)});
  Node fn = {.kind = ND_NAME, .loc = call->lhs->loc, .name = name};
  Node c = *call;
  c.lhs = &fn;
  TVal v;
  bool ok = fuse_try_const(F, &c, &v) && !v.is_dtype;
  F->S->scope = saved;
  TVal a;
  if (!ok && dt == TY_FLOAT16 && fuse_try_const(F, call->args, &a) && a.cn &&
      !sema_is_cconst(a.cn)) {                     /* sema folds no float16: NumPy rounds */
    Node *h = sema_const_float(F->S, call->loc, ty_scalar(TY_FLOAT16), 0);
    h->fval = f16_to_float(f16_from_double(sema_const_f64(a.cn)));
    return fuse_const_val(F, h, call->loc);
  }
  if (!ok) {
    diag_error(F->c, call->loc, "pykc evaluates %s(...) of a constant only (Cannot convert "
               "to Python scalar in cupy.fuse)", dtype_info[dt].name);
    return fuse_bad();
  }
  return v;
}

/* cupy.copyto(dst, src, casting='same_kind', where=None) (cupy/_manipulation/basic.py):
   in fuse, NumPy's can_cast check of src into dst's dtype, then elementwise_copy (with
   where=, the where ufunc (where, src, dst)) with out=dst; it returns None. */
static TVal copyto(Fuse *F, Node *call, CallArgs *A) {
  static const char *const kw[] = {"dst", "src", "casting", "where", NULL};
  if (!split_args(F, call, A, 4, "copyto()") || !only_kwargs(F, A, kw, "copyto()"))
    return fuse_bad();
  Node *arg[4];
  for (int i = 0; i < 4; i++)
    arg[i] = A->npos > i ? A->pos[i] : kwarg(A, kw[i]);
  if (!arg[0] || !arg[1]) {
    diag_error(F->c, call->loc, "copyto() missing required argument '%s'",
               arg[0] ? "src" : "dst");
    return fuse_bad();
  }
  size_t len = 0;
  const char *casting = arg[2] && arg[2]->kind == ND_STR
                            ? sema_str_literal(F->S, arg[2], &len) : NULL;
  if (arg[2] && !(casting && !strcmp(casting, "same_kind"))) {
    diag_error(F->c, arg[2]->loc, "pykc's fuse takes copyto's casting='same_kind' only");
    return fuse_bad();
  }
  TVal in[3] = {fuse_expr(F, arg[1]), fuse_expr(F, arg[0])};
  if (in[0].bad || in[1].bad)
    return fuse_bad();
  if (in[1].ndim >= 0 && !in[1].cn && in[0].dt != in[1].dt &&
      !type_same_kind(in[0].dt, in[1].dt)) {
    diag_error(F->c, call->loc, "Cannot cast %s to %s in same_kind casting mode",
               fuse_dtype_name(in[0].dt), fuse_dtype_name(in[1].dt));
    return fuse_bad();
  }
  TVal r;
  if (arg[3] && arg[3]->kind != ND_NONE) {         /* where=: (where, src, dst) */
    TVal w[3] = {fuse_expr(F, arg[3]), in[0], in[1]};
    r = w[0].bad ? w[0] : fuse_call_ufunc(F, fuse_ufunc("where"), w, call->loc);
  } else {
    r = fuse_call_ufunc(F, fuse_ufunc("copy"), &in[0], call->loc);
  }
  if (r.bad || !fuse_store(F, &in[1], &r, call->loc))
    return fuse_bad();
  return (TVal){.dt = TY_ERROR, .ndim = -1, .none = true};
}

/* cupy.get_array_module(*args) at trace time: the cupy module when an argument is a traced
   array (CuPy's isinstance test of _FusionVarArray and _ArrayProxy), else numpy. pykc's fuse
   calls the ufuncs of either module alike (cupy_name). */
static TVal array_module(Fuse *F, Node *call) {
  const char *mod = "numpy";
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG || a->kind == ND_STARRED) {
      diag_error(F->c, a->loc, "get_array_module() takes positional arguments only");
      return fuse_bad();
    }
    TVal v = fuse_expr(F, a);
    if (v.bad)
      return v;
    if (v.ndim >= 0 && !v.tuple)
      mod = "cupy";
  }
  return (TVal){.dt = TY_ERROR, .ndim = -1, .module = mod};
}

/* Python's slice(stop), slice(start, stop[, step]) at trace time: CuPy's indexing takes
   the full ones (step 1, -1 or None); another is kept to be refused there. */
static TVal slice_of(Fuse *F, Node *e) {
  int n = ast_count(e->args);
  TVal v = {.dt = TY_ERROR, .ndim = -1, .slice = 1};
  bool full = n >= 1 && n <= 3;
  int64_t step = 1;
  int i = 0;
  for (Node *a = e->args; a && full; a = a->next, i++) {
    TVal c;
    if (a->kind == ND_KWARG || !fuse_try_const(F, a, &c)) {
      diag_error(F->c, a->loc, "slice() takes constants known when the function is traced");
      return fuse_bad();
    }
    if (i == 2 && c.cn && c.cn->weak && type_is_int(c.cn->ty->kind))
      step = (int64_t)sema_const_i128(c.cn);
    else
      full = c.none;
  }
  if (full && (step == 1 || step == -1))
    v.slice = (int)step + 2;
  return v;
}

TVal fuse_call(Fuse *F, Node *e) {
  bool method;
  const char *name = cupy_name(F, e->lhs, &method);
  CallArgs A;
  bool pyfn = false;
  TVal fv = e->lhs->kind == ND_NAME ? call_fn(F, e, &pyfn) : fuse_bad();
  if (pyfn)
    return fv;
  if (e->lhs->kind == ND_NAME && !strcmp(e->lhs->name, "slice") && !fuse_bound(F, e->lhs->name))
    return slice_of(F, e);
  Sym *us = e->lhs->kind == ND_NAME && !fuse_bound(F, e->lhs->name)
                ? sema_lookup_sym(F->S, e->lhs->name) : NULL;
  if (us && us->kind == SYM_UFUNC) {               /* NAME = cupy._core.create_ufunc(...) */
    if (!us->uf) {
      diag_error(F->c, e->lhs->loc, "'%s' is a ufunc pykc cannot read (line %u): %s",
                 e->lhs->name, us->loc.line, us->why);
      return fuse_bad();
    }
    if (!split_args(F, e, &A, 4, us->uf->cname))
      return fuse_bad();
    return ufunc_call(F, us->uf, e, &A);
  }
  const char *spn = (e->lhs->kind != ND_NAME || !fuse_bound(F, e->lhs->name)) &&
                    (e->lhs->kind != ND_ATTR || !fuse_mentions_local(F, e->lhs->lhs))
                        ? sema_special_name(F->S, e->lhs) : NULL;
  if (spn) {                                     /* sp.erf(x): cupyx.scipy.special's ufunc */
    const char *why = NULL;
    const UFunc *u = sema_special_ufunc(F->S, spn, &why);
    if (!u) {
      diag_error(F->c, e->lhs->loc, "%s", why);
      return fuse_bad();
    }
    if (!split_args(F, e, &A, 4, u->cname))
      return fuse_bad();
    return ufunc_call(F, u, e, &A);
  }
  if (method) {
    TVal x = fuse_expr(F, e->lhs->lhs);
    if (x.bad)
      return x;
    if (x.is_dtype && !strcmp(name, "type"))      /* x.dtype.type(1) */
      return scalar_of(F, x.dt, e);
    if (!strcmp(name, "astype")) {
      if (!split_args(F, e, &A, 1, "astype()"))
        return fuse_bad();
      return astype(F, e, x, &A);
    }
    if (!strcmp(name, "copy") && !e->args)         /* cupy.copy: elementwise_copy */
      return fuse_call_ufunc(F, fuse_ufunc("copy"), &x, e->loc);
    const Reduction *r = fuse_is_method_reduction(name) ? fuse_reduction(name) : NULL;
    if (!r) {
      diag_error(F->c, e->lhs->loc, "'_ArrayProxy' object has no attribute '%s' (in cupy.fuse)",
                 name);
      return fuse_bad();
    }
    if (!split_args(F, e, &A, 1, name))
      return fuse_bad();
    /* the method's positional argument is axis: reduce() reads pos[1] */
    CallArgs B = A;
    B.pos[0] = e->lhs->lhs;
    B.npos = A.npos + 1;
    if (A.npos)
      B.pos[1] = A.pos[0];
    return reduce(F, r, e, e->lhs->lhs, &x, &B);
  }
  TVal c;
  if (fuse_try_const(F, e, &c))                         /* cp.float32(2), math on constants */
    return c;
  if (!name) {
    Val v = sema_const_eval(F->S, e->lhs);
    if (v.kind == VAL_BUILTIN && v.bi->kind == BK_CAST) {
      diag_error(F->c, e->loc, "%s() of a traced value: Cannot convert to Python scalar in "
                 "cupy.fuse (use x.astype(...))", sema_dotted(F->S, e->lhs));
      return fuse_bad();
    }
    diag_error(F->c, e->lhs->loc, "pykc's fuse calls cupy ufuncs and reductions and the "
               "program's Python functions only; '%s' is none of them",
               sema_dotted(F->S, e->lhs));
    return fuse_bad();
  }
  const UFunc *u = fuse_ufunc(name);
  const Reduction *r = fuse_reduction(name);
  if (r) {
    if (!split_args(F, e, &A, 3, name) || A.npos == 0) {
      if (A.npos == 0)
        diag_error(F->c, e->loc, "cupy.%s() takes the array to reduce", name);
      return fuse_bad();
    }
    return reduce(F, r, e, A.pos[0], NULL, &A);
  }
  if (!strcmp(name, "mean") || !strcmp(name, "var") || !strcmp(name, "std")) {
    diag_error(F->c, e->lhs->loc, "cupy.%s is not supported in cupy.fuse ('_ArrayProxy' "
               "object has no attribute '%s'); use cp.sum(...) / n", name, name);
    return fuse_bad();
  }
  const Builtin *cast = u ? NULL : builtin_lookup("cupy", name);
  if (cast && cast->kind == BK_CAST && cast->u.cast_to == TY_FLOAT16 &&
      !fuse_mentions_local(F, e))                  /* cp.float16(1.5): a constant */
    return scalar_of(F, TY_FLOAT16, e);
  if (cast && cast->kind == BK_CAST) {             /* numpy.float32(x): x.__float__() */
    diag_error(F->c, e->loc, "cp.%s() of a traced value: Cannot convert to Python scalar "
               "in cupy.fuse (use x.astype(cp.%s))", name, name);
    return fuse_bad();
  }
  if (!u && !strcmp(name, "copyto"))
    return copyto(F, e, &A);
  if (!u && !strcmp(name, "get_array_module"))
    return array_module(F, e);
  if (!u) {
    diag_error(F->c, e->lhs->loc, "cupy.%s is not supported in pykc's fuse", name);
    return fuse_bad();
  }
  if (!split_args(F, e, &A, 4, name) || !function_kwargs(F, name, &A, e->loc, &u))
    return fuse_bad();
  return ufunc_call(F, u, e, &A);
}
