/*
 * fuse_form.c: @cupy.fuse functions as kernels of the unit (fuse.h): a @fuse
 * def is a FORM_FUSE Form (sema_fuse_def); fuse_specialise turns the FuseCode that
 * sema_fuse gives for the arguments' types into the Form of CuPy's ElementwiseKernel or
 * ReductionKernel and specialises it; fuse_dtypes and fuse_axes answer the runtime; a
 * staged function's kernels (fuse_stage.c) are forms of the unit (fuse_stage_funcs).
 */
#include "fuse.h"
#include "syntax/syntax.h"

#include <string.h>

/* ---------------------------------------------------------------- kernels of the unit */

/* The return statement that fixes a fuse kernel's outputs: the body's first (in source
   order, ifs included) that gives a value, else its first, else NULL. A bare `return` (or
   `return None`) before it is a branch the trace may skip (CuPy's tests return None for
   the dtypes they skip); a trace that ends there is an error (sema_fuse). */
static const Node *first_return(const Node *body, bool value) {
  for (const Node *st = body; st; st = st->next) {
    bool gives = st->kind == ND_RETURN && st->lhs && st->lhs->kind != ND_NONE;
    if (st->kind == ND_RETURN && (gives || !value))
      return st;
    const Node *r = st->kind == ND_IF ? first_return(st->then, value) : NULL;
    if (r || (st->kind == ND_IF && (r = first_return(st->els, value))))
      return r;
  }
  return NULL;
}

const Node *fuse_first_return(const Node *body) {
  const Node *r = first_return(body, true);
  return r ? r : first_return(body, false);
}

/* A parameter's default (`eps=1.0`, `n=3`, `flag=True`, `s=np.float32(2)`) as `pykc run`
   takes a value: an omitted argument is given it (the Python package passes the
   function's own defaults). NULL: none, or not a number. */
static const char *default_arg(Sema *S, const Node *prm) {
  Val v = prm->rhs ? sema_const_eval(S, prm->rhs) : (Val){.kind = VAL_ERROR};
  if (v.kind != VAL_EXPR || !sema_is_const(v.n) || sema_is_cconst(v.n))
    return NULL;
  const Node *n = v.n;
  TypeKind k = n->ty->kind;
  Arena *a = &S->c->arena;
  const char *s = k == TY_BOOL ? (sema_const_truth(n) ? "True" : "False")
                  : sema_is_fconst(n) ? arena_printf(a, "%.17g", n->fval)
                  : k == TY_UINT64 ? arena_printf(a, "%llu", (unsigned long long)n->uval)
                                   : arena_printf(a, "%lld", (long long)n->ival);
  if (sema_is_fconst(n) && !strpbrk(s, ".eni"))   /* 1.0, not the int 1 */
    s = arena_printf(a, "%s.0", s);
  return n->weak ? s : arena_printf(a, "%s:%s", s, dtype_info[k].name);
}

/* ---------------------------------------------------------------- the outputs

   CuPy's trace returns what the Python function returns (fusion.pyx's get_fusion: a tuple
   gives out0, out1 ..., a value `out`, None no output). A kernel's outputs are fixed
   before it is traced, so they are read from the first return the way the trace will
   run to it: what its value is, a name followed to the last assignment before it (`t =
   cp.divmod(x, y); return t`, `t = (x + 1, y)`, `a, b = t`), a tuple's item (`t[0]`), a
   call of a ufunc of several outputs or of a fuse function of the unit (its own
   returns). The trace checks that it returns that (sema_fuse). */

typedef struct RShape {                           /* what an expression is to Python */
  int n;                                           /* -2 None, -1 a value, >= 0 a tuple */
  const struct RShape *items;                      /* a tuple's (NULL: all values) */
} RShape;
typedef struct RBind {
  const char *name;
  RShape v;
  struct RBind *next;
} RBind;
typedef struct RWalk {
  Sema *S;
  const Node *ret;                                 /* the return sought */
  RBind *names;
  const char *qual;                                /* the function walked (fuse_pydef) */
  int depth;                                       /* plain defs walked into */
} RWalk;
static const RShape r_value = {-1, NULL};

static RShape r_item(const RShape *t, int i) {
  return t->items ? t->items[i] : r_value;
}

/* Is E a call cp.NAME(...) of the cupy or numpy module (NAME NULL: any)? */
static bool cupy_call_of(Sema *S, const Node *e, const char *name) {
  if (e->kind != ND_CALL || e->lhs->kind != ND_ATTR || e->lhs->lhs->kind != ND_NAME ||
      (name && strcmp(e->lhs->name, name)))
    return false;
  const Sym *m = sema_lookup_sym(S, e->lhs->lhs->name);
  return m && m->kind == SYM_MODULE && m->module && (!strcmp(m->module, "cupy") ||
                                                     !strcmp(m->module, "numpy"));
}

/* The outputs of a call of a cupy/numpy ufunc of several (cp.divmod(x, y): 2), else 0. */
static int ufunc_call_nout(Sema *S, const Node *e) {
  const UFunc *u = cupy_call_of(S, e, NULL) ? fuse_ufunc(e->lhs->name) : NULL;
  return u && u->nout > 1 ? u->nout : 0;
}

/* Does the body index anything (x[0], t[1]; not a statement's target x[:] itself)? Its
   views are made from the caller's arrays (view.h): the launch keeps their dims. */
static bool indexes(const Node *n, bool target) {
  for (; n; n = n->next)
    if ((n->kind == ND_SUBSCRIPT && !target) || indexes(n->lhs, false) ||
        indexes(n->rhs, false) || indexes(n->cond, false) || indexes(n->then, false) ||
        indexes(n->els, false) || indexes(n->body, false) || indexes(n->args, false) ||
        indexes(n->targets, true))
      return true;
  return false;
}

static bool r_stmts(RWalk *w, const Node *body, RShape *out);

/* What a call of the plain def NAME gives (its first return's value, walked as a fuse
   body's is), when the walk reaches one (not a local of the body: those are r_binds). */
static RShape r_pydef(RWalk *w, const char *name) {
  for (RBind *b = w->names; b; b = b->next)
    if (b->name == name)
      return r_value;
  Node *d = w->depth < 32 && !sema_lookup_sym(w->S, name) ? sema_pydef(w->S, w->qual, name)
                                                           : NULL;
  int errors = w->S->c->nerrors;
  size_t mark = w->S->c->diags.len;
  Node *def = d && !(d->ival & 1) ? parse_pydef(w->S->c, d) : NULL;
  w->S->c->nerrors = errors;                       /* (the trace reports what fails) */
  w->S->c->diags.len = mark;
  const Node *ret = def ? fuse_first_return(def->body) : NULL;
  if (!ret)
    return def ? (RShape){-2, NULL} : r_value;
  RWalk in = {.S = w->S, .ret = ret, .qual = d->str, .depth = w->depth + 1};
  RShape v = r_value;
  r_stmts(&in, def->body, &v);
  return v;
}

static RShape r_expr(RWalk *w, const Node *e) {
  Arena *a = &w->S->c->arena;
  switch (e->kind) {
  case ND_NONE:
    return (RShape){-2, NULL};
  case ND_NAME:
    for (RBind *b = w->names; b; b = b->next)
      if (b->name == e->name)
        return b->v;
    return r_value;                                /* a parameter */
  case ND_TUPLE: {
    int n = ast_count(e->args), i = 0;
    RShape *items = arena_alloc(a, sizeof *items * (size_t)(n ? n : 1));
    for (const Node *x = e->args; x; x = x->next)
      items[i++] = r_expr(w, x);
    return (RShape){n, items};
  }
  case ND_SUBSCRIPT: {                             /* t[k] of a tuple: its item */
    RShape t = r_expr(w, e->lhs);
    const Node *k = e->args;
    bool neg = k && k->kind == ND_UNARY && k->op == OP_NEG;
    const Node *lit = neg ? k->lhs : k;
    if (t.n < 0 || !k || k->next || lit->kind != ND_INT || lit->big)
      return r_value;
    long long i = neg ? t.n - lit->ival : lit->ival;
    return i >= 0 && i < t.n ? r_item(&t, (int)i) : r_value;
  }
  case ND_IFEXP:                                   /* (the trace takes one arm) */
    return r_expr(w, e->then);
  case ND_CALL: {
    int many = ufunc_call_nout(w->S, e);
    if (many)
      return (RShape){many, NULL};
    if (cupy_call_of(w->S, e, "copyto"))           /* cp.copyto(dst, src): None */
      return (RShape){-2, NULL};
    for (Func *g = w->S->p->funcs; g && e->lhs->kind == ND_NAME; g = g->next)
      if (g->form && g->form->kind == FORM_FUSE && g->pyname == e->lhs->name)
        return g->form->no_return ? (RShape){-2, NULL}
               : g->form->return_tuple ? (RShape){g->form->nout, NULL} : r_value;
    return e->lhs->kind == ND_NAME ? r_pydef(w, e->lhs->name) : r_value;
  }
  default:
    return r_value;
  }
}

/* Binds target T to V as an assignment does (a tuple target unpacks). */
static void r_bind(RWalk *w, const Node *t, RShape v) {
  if (t->kind == ND_NAME) {
    RBind *b = arena_alloc(&w->S->c->arena, sizeof *b);
    *b = (RBind){t->name, v, w->names};
    w->names = b;
  } else if (t->kind == ND_TUPLE) {
    int i = 0, n = ast_count(t->args);
    for (const Node *x = t->args; x; x = x->next, i++)
      r_bind(w, x, v.n == n ? r_item(&v, i) : r_value);
  }
}

/* Walks BODY in source order to the return sought; true once there (*out its value). */
static bool r_stmts(RWalk *w, const Node *body, RShape *out) {
  for (const Node *st = body; st; st = st->next) {
    if (st == w->ret) {
      *out = st->lhs ? r_expr(w, st->lhs) : (RShape){-2, NULL};
      return true;
    }
    if (st->kind == ND_ASSIGN) {
      RShape v = r_expr(w, st->rhs);
      for (const Node *t = st->targets; t; t = t->next)
        r_bind(w, t, v);
    } else if (st->kind == ND_FOR) {
      r_bind(w, st->lhs, r_value);
    }
    bool block = st->kind == ND_IF || st->kind == ND_WHILE || st->kind == ND_FOR;
    if (block && (r_stmts(w, st->kind == ND_IF ? st->then : st->body, out) ||
                  r_stmts(w, st->els, out)))
      return true;
  }
  return false;
}

/* The fuse decorator's keywords for pykc's traces (python/pykc/_trace.py):
   pykc_new_fusion=True, typed as CuPy's new fusion; pykc_memory=(m0, m1, ...), for each
   parameter the first one that shares its memory (the arguments that CuPy's trace makes
   views of one memory: a write into one and a read of another are not one loop). */
static void trace_keywords(Sema *S, const Node *def, int nparams, FuseInfo *fi) {
  for (const Node *d = def->decorators; d; d = d->next)
    for (const Node *a = d->kind == ND_CALL ? d->args : NULL; a; a = a->next) {
      if (a->kind != ND_KWARG)
        continue;
      if (!strcmp(a->name, "pykc_new_fusion")) {
        fi->newfusion |= a->rhs->kind == ND_TRUE;
        if (a->rhs->kind != ND_TRUE && a->rhs->kind != ND_FALSE)
          diag_error(S->c, a->rhs->loc, "pykc_new_fusion must be True or False");
        continue;
      }
      if (strcmp(a->name, "pykc_memory"))
        continue;
      signed char *m = arena_alloc(&S->c->arena, (size_t)(nparams ? nparams : 1));
      int n = 0;
      bool ok = a->rhs->kind == ND_TUPLE;
      for (const Node *v = ok ? a->rhs->args : NULL; v && ok; v = v->next, n++)
        ok = n < nparams && v->kind == ND_INT && v->ival >= 0 && v->ival <= n &&
             (v->ival == n || m[v->ival] == v->ival) && (m[n] = (signed char)v->ival, true);
      if (!ok || n != nparams)
        diag_error(S->c, a->rhs->loc, "pykc_memory must be a tuple of an int per parameter: "
                   "the first parameter that shares its memory (itself, or one before it "
                   "that is its own)");
      else
        fi->memory = m;
    }
}

void sema_fuse_def(Sema *S, Node *def, const char *kernel_name, bool newfusion, Scope *scope,
                   Func ***tail) {
  Ctx *c = S->c;
  FuseInfo *fi = arena_alloc(&c->arena, sizeof *fi);
  fi->kname = kernel_name ? kernel_name : def->name;
  fi->newfusion = newfusion;
  Form *form = arena_alloc(&c->arena, sizeof *form);
  form->kind = FORM_FUSE;
  form->name = fi->kname;
  form->loc = def->loc;
  /* a body that reads an argument's ndim is traced with the call's dims: the launch's
     views keep them (CuPy's trace sees the arrays as the caller passed them) */
  form->reduce_dims = !fuse_names_attr(def->body, intern_cstr(&c->names, "ndim")) &&
                      !indexes(def->body, false);
  form->fuse_def = def;
  form->fuse = fi;
  /* the parameters as a call passes them: the function's, then the outputs (their dtypes
     depend on the call: -1) */
  RWalk w = {.S = S, .ret = fuse_first_return(def->body), .qual = def->str ? def->str : def->name};
  RShape val = {-2, NULL};                         /* no return: None */
  if (w.ret)
    r_stmts(&w, def->body, &val);
  int nin = 0;
  for (Node *prm = def->params; prm; prm = prm->next)
    if (prm->kind == ND_UNSUPPORTED)               /* `*args`: reported when it is traced */
      fi->bad_param = fi->bad_param ? fi->bad_param : prm;
    else
      nin++;
  int nout = val.n == -2 ? 0 : val.n == -1 ? 1 : 0;
  for (int k = 0; k < val.n; k++)                  /* a tuple's Nones are no outputs */
    nout += r_item(&val, k).n != -2;
  trace_keywords(S, def, nin, fi);
  form->nin = nin;
  form->nout = nout;
  form->return_tuple = val.n >= 0;
  form->no_return = val.n == -2;
  form->params = arena_alloc(&c->arena, sizeof *form->params * (size_t)(nin + nout + 1));
  int i = 0;
  for (Node *prm = def->params; prm; prm = prm->next)
    if (prm->kind != ND_UNSUPPORTED)
      form->params[i++] = (FormParam){.name = prm->name, .dtype = -1, .is_const = true,
                                  .dflt = default_arg(S, prm), .loc = prm->loc};
  for (int k = 0; k < nout; k++)
    form->params[nin + k] = (FormParam){
        .name = !form->return_tuple ? intern_cstr(&c->names, "out")
                          : intern_cstr(&c->names, arena_printf(&c->arena, "out%d", k)),
        .dtype = -1, .is_out = true, .loc = def->loc};
  form_append(S, form);
  Func *f = arena_alloc(&c->arena, sizeof *f);
  f->name = kernel_name ? kernel_name : def->str ? intern_cstr(&c->names, def->str) : def->name;
  f->pyname = def->name;
  f->def = def;
  f->is_kernel = true;
  f->form = form;
  f->fe = &fuse_front_end;
  f->cbase = kernel_name;                          /* CuPy names the CUDA function so */
  f->scope = scope;
  f->seq = S->seq;
  f->mode = MODE_NUMPY;                            /* run's literals: Python's int, float */
  **tail = f;
  *tail = &f->next;
  sema_note_kernel(S, f);
}

static FormStr form_str(const char *s, Loc loc) {
  return (FormStr){.s = s ? s : "", .len = s ? strlen(s) : 0, .loc = loc, .given = s != NULL};
}

/* The argument types as CuPy's fuse sees them: a scalar of type int64, float64, bool or
   complex128 is a Python int, float, bool or complex (weak) unless the caller says it is
   a NumPy scalar (Type.strong: numpy.float64(2.5), the CLI's 2.5:float64); any other
   scalar is a NumPy scalar. */
static FuseArg fuse_arg(const Type *t) {
  if (t->kind == TY_ARRAY)
    return (FuseArg){.dtype = t->elem->kind, .ndim = t->ndim};
  return (FuseArg){.dtype = t->kind, .ndim = -1,
                   .weak = !t->strong && (t->kind == TY_INT64 || t->kind == TY_FLOAT64 ||
                                          t->kind == TY_BOOL || t->kind == TY_COMPLEX128)};
}

/* A type of stage input src (the trace's ndims). */
static Type *stage_type(Ctx *c, const FuseCode *fc, Type **ptypes, const FStage *g, int i) {
  FuseSrc s = g->run.in[i];
  TypeKind dt = g->dts[i];
  if (s.kind == FSRC_ARG)
    return ptypes[s.i]->kind == TY_ARRAY ? ptypes[s.i] : ty_scalar(ptypes[s.i]->kind);
  return ty_array(c, ty_scalar(dt), s.kind == FSRC_VIEW ? fc->view_ndim[s.i]
                                                        : fc->temp_ndim[s.i], false);
}

/* A staged function's kernels (fuse_stage.c) as forms of the unit, each specialised for
   the trace's ndims (what --sig emits); the call's kernels are the planner's. The last
   one's Spec stands for the function's (its Form has the stages: fuse_axes). */
static Spec *staged(Ctx *c, Program *p, Func *f, FuseCode *fc, Type **ptypes, int n) {
  FuseViews fv;
  if (!fuse_stage_funcs(c, p, f, fc, &fv))
    return NULL;
  Spec *sp = NULL;
  for (int k = 0; k < fc->nstages; k++) {
    const FStage *g = &fc->stages[k];
    Func *fn = sema_find_kernel(p, fv.stages[k].kernel);
    int ni = g->run.nin, no = g->run.nout, nd = 0;
    Type **t = arena_alloc(&c->arena, sizeof *t * (size_t)(ni + no + 1));
    for (int i = 0; i < ni; i++) {
      t[i] = stage_type(c, fc, ptypes, g, i);
      if (t[i]->kind == TY_ARRAY && t[i]->ndim > nd)
        nd = t[i]->ndim;
    }
    for (int i = 0; i < ni; i++)                   /* (broadcast to the loop's ndim) */
      if (t[i]->kind == TY_ARRAY)
        t[i] = ty_array(c, t[i]->elem, nd, false);
    for (int o = 0; o < no; o++)
      t[ni + o] = ty_array(c, ty_scalar(g->dts[ni + o]), g->run.reduce ? nd - g->run.naxes : nd,
                           false);
    if (!fn || !(sp = form_specialise(c, p, fn, t, ni + no)))
      return NULL;
  }
  FuseSpecs *s = arena_alloc(&c->arena, sizeof *s);
  s->n = n;
  s->ptypes = arena_alloc(&c->arena, sizeof *s->ptypes * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    s->ptypes[i] = ptypes[i];
  s->spec = sp;
  FuseInfo *fi = f->form->fuse;
  s->next = fi->specs;
  fi->specs = s;
  return sp;
}

static Spec *staged_launch(Ctx *c, Func *f) {
  diag_plain(c, "fuse kernel '%s' runs as a sequence of kernels for these arguments: call it "
             "as a form (pykc_form_call), not with pykc_launch", f->name);
  return NULL;
}

Spec *fuse_specialise(Ctx *c, Program *p, Func *f, Type **ptypes, int n) {
  FuseInfo *fi = f->form->fuse;
  for (FuseSpecs *s = fi->specs; s; s = s->next) {  /* n: all the types given */
    bool same = s->n == n;
    for (int i = 0; same && i < n; i++)
      same = ty_equal(s->ptypes[i], ptypes[i]);
    if (same)
      return s->spec;
  }
  int np = f->form->nin, given = n - np;           /* outputs given with the inputs */
  if (n < np || np > FUSE_MAX_PARAMS) {
    diag_plain(c, "fuse kernel '%s' takes %d argument%s, got %d (its outputs are allocated)",
               f->name, np, np == 1 ? "" : "s", n);
    return NULL;
  }
  n = np;
  FuseArg args[64];
  for (int i = 0; i < n; i++) {
    if (ptypes[i]->kind != TY_ARRAY && !ty_is_scalar(ptypes[i])) {
      diag_plain(c, "fuse kernel '%s': argument %d must be an array or a scalar, got %s",
                 f->name, i + 1, ty_str(c, ptypes[i]));
      return NULL;
    }
    args[i] = fuse_arg(ptypes[i]);
  }
  FuseCode *fc = arena_alloc(&c->arena, sizeof *fc);
  if (!sema_fuse(c, p, f, args, n, ptypes + np, given > 0 ? given : 0, fc))
    return NULL;
  if (fc->nstages)
    return given > 0 ? staged_launch(c, f) : staged(c, p, f, fc, ptypes, n);
  int nv = fc->nviews, ni = n + nv;                /* the kernel's inputs: views after the
                                                      arguments (the planner makes them) */
  if (given > 0 && given != nv + f->form->nout) {
    diag_plain(c, "fuse kernel '%s' takes %d argument%s, got %d (its outputs are allocated)",
               f->name, np, np == 1 ? "" : "s", n + given);
    return NULL;
  }
  int passed = given > 0 ? given : 0;              /* the launch's views and outputs */
  given -= nv;
  /* CuPy's fuse hands these strings to ElementwiseKernel / ReductionKernel */
  Form *e = arena_alloc(&c->arena, sizeof *e);
  *e = *f->form;
  e->kind = fc->reduce ? FORM_REDUCTION : FORM_ELEMENTWISE;
  e->next = NULL;
  e->nin = ni;
  e->nout = fc->nout;
  e->params = arena_alloc(&c->arena, sizeof *e->params * (size_t)(ni + fc->nout));
  Type **full = arena_alloc(&c->arena, sizeof *full * (size_t)(ni + fc->nout));
  int ndim = 0;
  for (int i = 0; i < ni; i++) {
    int at = i < n ? i : fc->views[i - n].of;      /* a view: its array's dtype */
    while (at >= n)
      at = fc->views[at - n].of;
    bool raw = i < n ? fc->raw[i] : fc->views[i - n].raw;
    int nd = i < n ? args[i].ndim : passed ? ptypes[i]->ndim : fc->view_ndim[i - n];
    ndim = nd > ndim && !raw ? nd : ndim;
    e->params[i] = (FormParam){.name = fc->in_names[i], .dtype = (int)args[at].dtype,
                               .raw = raw, .is_const = !fc->written[i], .loc = f->def->loc};
    full[i] = i >= n ? ty_array(c, ty_scalar(args[at].dtype), nd, false)
              : ptypes[i]->strong ? ty_scalar(ptypes[i]->kind) : ptypes[i];   /* (its dtype) */
  }
  int out_ndim = fc->reduce ? ndim - fc->naxes : ndim;
  if (given > 0 && given != fc->nout) {
    diag_plain(c, "fuse kernel '%s' has %d output%s, got %d", f->name, fc->nout,
               fc->nout == 1 ? "" : "s", given);
    return NULL;
  }
  for (int i = 0; i < ni; i++)                     /* one index space: the arrays are */
    if (full[i]->kind == TY_ARRAY && !e->params[i].raw)   /* broadcast to ndim dims */
      full[i] = ty_array(c, full[i]->elem, ndim, false);
  for (int k = 0; k < fc->nout; k++) {
    e->params[ni + k] = (FormParam){.name = fc->out_names[k], .dtype = (int)fc->out_types[k],
                                    .is_out = true, .loc = f->def->loc};
    full[ni + k] = ty_array(c, ty_scalar(fc->out_types[k]), out_ndim, false);
    const Type *t = given > 0 ? ptypes[ni + k] : NULL;
    if (t && (t->kind != TY_ARRAY || t->elem->kind != fc->out_types[k])) {
      diag_plain(c, "fuse kernel '%s': output '%s' is %s, the function returns %s there",
                 f->name, fc->out_names[k], ty_str(c, t), fuse_dtype_name(fc->out_types[k]));
      return NULL;
    }
    if (t)                                         /* the caller's view (reduce_dims) */
      full[ni + k] = (Type *)t;
  }
  Loc at = f->def->loc;
  e->in_spec = form_str(fc->in_params, at);
  e->out_spec = form_str(fc->out_params, at);
  e->preamble = form_str(fc->preamble, at);
  e->return_tuple = fc->return_tuple;
  e->no_return = fc->no_return;
  e->fuse_none = fc->returns_none;
  if (fc->reduce) {
    e->map_expr = form_str(fc->map_expr, at);
    e->reduce_expr = form_str(fc->reduce_expr, at);
    e->post_map_expr = form_str(fc->post_map_expr, at);
    e->identity = form_str(fc->identity, at);
    e->reduce_type = form_str(fc->reduce_type, at);
    e->fuse_axes = fc->axes;
    e->fuse_naxes = fc->naxes;
    e->fuse_identity = fc->has_identity;
  } else {
    e->operation = form_str(fc->operation, at);
  }
  Func *g = arena_alloc(&c->arena, sizeof *g);
  *g = *f;
  g->form = e;
  g->next = NULL;
  e->fuse_views = (FuseViews){.v = fc->nviews ? fc->views : NULL, .n = fc->nviews,
                              .out_deps = fc->out_deps, .written = fc->written_deps};
  for (int i = 0; i < n; i++)
    e->fuse_views.raw |= (uint64_t)fc->raw[i] << i;   /* (a view's own: FuseView.raw) */
  Node *params = NULL;                             /* the kernel's parameters, for headers */
  for (int i = 0; i < ni + fc->nout; i++) {
    Node *prm = ast_new(c, ND_PARAM, at);
    prm->name = e->params[i].name;
    params = ast_append(params, prm);
  }
  Node *def = ast_new(c, ND_FUNCDEF, at);
  *def = *f->def;
  def->params = params;
  g->def = def;
  g->specs = f->specs;                             /* f's specialisations are g's */
  Spec *sp = form_specialise(c, p, g, full, ni + fc->nout);
  f->specs = g->specs;
  if (!sp)
    return NULL;
  FuseSpecs *s = arena_alloc(&c->arena, sizeof *s);
  s->n = n + passed;                               /* (the launch's: views too) */
  s->ptypes = arena_alloc(&c->arena, sizeof *s->ptypes * (size_t)(s->n ? s->n : 1));
  for (int i = 0; i < s->n; i++)
    s->ptypes[i] = ptypes[i];
  s->spec = sp;
  s->next = fi->specs;
  fi->specs = s;
  return sp;
}

/* fuse_specialise for the runtime's questions: the diagnostics become *err; *source
   (may be NULL) tells whether they are about the function's source (they have a line). */
static Spec *spec_or_message(Ctx *c, Program *p, Func *f, Type **ptypes, int nin,
                             const char **err, bool *source) {
  size_t mark = c->diags.len;
  int errors = c->nerrors;
  Spec *sp = fuse_specialise(c, p, f, ptypes, nin);
  if (sp && c->nerrors == errors)
    return sp;
  const char *d = c->diags.data ? c->diags.data + mark : "";
  size_t len = c->diags.len - mark;
  static const char plain[] = "pykc: error: ";     /* diag_plain's prefix */
  bool at_line = !(len >= sizeof plain - 1 && !strncmp(d, plain, sizeof plain - 1));
  if (source)
    *source = at_line && len > 0;
  if (!at_line)
    d += sizeof plain - 1, len -= sizeof plain - 1;
  while (len && d[len - 1] == '\n')
    len--;
  *err = len ? arena_strndup(&c->arena, d, len) : "it does not compile";
  return NULL;
}

int fuse_axes(Ctx *c, Program *p, Func *f, Type **ptypes, int nin, int *axes, int *naxes,
              bool *identity, FuseViews *views, const char **err) {
  Spec *sp = spec_or_message(c, p, f, ptypes, nin, err, NULL);
  if (!sp)
    return -1;
  const Form *e = sp->fn->form;
  *views = e->fuse_views;
  if (e->fuse_stage)                               /* a sequence of kernels */
    return *naxes = 0, *identity = true, 2;
  *naxes = e->fuse_axes ? e->fuse_naxes : 0;
  for (int i = 0; i < *naxes; i++)
    axes[i] = e->fuse_axes[i];
  *identity = e->fuse_identity;
  return e->kind == FORM_REDUCTION;
}

int fuse_dtypes(Ctx *c, Program *p, Func *f, Type **ptypes, int n, int *dtypes,
                const char **err) {
  int nin = f->form->nin;
  for (int i = 0; i < nin; i++)
    if (!ptypes[i]) {
      *err = arena_printf(&c->arena, "argument '%s' is missing", f->form->params[i].name);
      return 1;
    }
  bool source = false;
  Spec *sp = spec_or_message(c, p, f, ptypes, nin, err, &source);
  if (!sp)
    return source ? 2 : 1;
  if (sp->fn->form->fuse_none) {                   /* returns None here: no outputs made */
    for (int i = 0; i < n; i++)
      dtypes[i] = i < nin && ptypes[i] ? (int)(ptypes[i]->kind == TY_ARRAY
                                                   ? ptypes[i]->elem->kind : ptypes[i]->kind)
                                       : -1;
    *err = "the function returns None for these arguments";
    return 3;
  }
  int nv = sp->fn->form->fuse_views.n;             /* the spec's views follow the inputs */
  const int *staged = sp->fn->form->fuse_stage ? sp->fn->form->fuse_views.out_dtypes : NULL;
  for (int i = 0; i < n; i++) {
    int at = i < nin ? i : i + nv;
    const Type *t = staged ? (i < nin ? ptypes[i] : NULL)
                           : at < sp->nparams ? sp->ptypes[at] : NULL;
    dtypes[i] = staged && i >= nin ? staged[i - nin]
                : !t ? -1 : (int)(t->kind == TY_ARRAY ? t->elem->kind : t->kind);
    const Type *g = i >= nin ? ptypes[i] : NULL;   /* an output the caller gives */
    if (g && (g->kind != TY_ARRAY || (int)g->elem->kind != dtypes[i])) {
      *err = arena_printf(&c->arena, "output '%s' is %s; the function returns %s there",
                          f->form->params[i].name, ty_str(c, g), dtype_info[dtypes[i]].name);
      return 1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- the kernels' forms */

static FormStr stage_str(const char *s, Loc loc) {
  return (FormStr){.s = s ? s : "", .len = s ? strlen(s) : 0, .loc = loc, .given = s != NULL};
}

/* Stage g as an ElementwiseKernel or ReductionKernel form of the unit: its Func, after
   the program's others (found by name: the planner launches it). */
static Func *stage_func(Ctx *c, Func *f, const FuseCode *fc, const FStage *g, const char *name,
                        Func ***tail) {
  Arena *a = &c->arena;
  Loc at = f->def->loc;
  int np = g->run.nin + g->run.nout;
  Form *e = arena_alloc(a, sizeof *e);
  memset(e, 0, sizeof *e);
  e->kind = g->run.reduce ? FORM_REDUCTION : FORM_ELEMENTWISE;
  e->name = name;
  e->loc = at;
  e->nin = g->run.nin;
  e->nout = g->run.nout;
  e->params = arena_alloc(a, sizeof *e->params * (size_t)(np + 1));
  for (int i = 0; i < np; i++)
    e->params[i] = (FormParam){.name = intern_cstr(&c->names, g->names[i]),
                               .dtype = (int)g->dts[i], .is_out = i >= g->run.nin,
                               .is_const = i < g->run.nin, .loc = at};
  e->in_spec = stage_str(g->in_params, at);
  e->out_spec = stage_str(g->out_params, at);
  e->preamble = stage_str(g->map_fn ? arena_printf(a, "%s%s", fc->preamble, g->map_fn)
                                    : fc->preamble, at);
  e->reduce_dims = true;
  e->fuse_stage = true;
  if (g->run.reduce) {
    e->map_expr = stage_str(g->map_expr, at);
    e->reduce_expr = stage_str(g->reduce_expr, at);
    e->post_map_expr = stage_str(g->post_map_expr, at);
    e->identity = stage_str(g->identity, at);     /* (max, min: the type's extreme; an */
    e->reduce_type = stage_str(g->reduce_type, at);   /* empty one is an error) */
    e->fuse_identity = g->has_identity;
  } else {
    e->operation = stage_str(g->operation, at);
  }
  Node *def = ast_new(c, ND_FUNCDEF, at);
  *def = *f->def;
  def->params = NULL;
  for (int i = 0; i < np; i++) {
    Node *prm = ast_new(c, ND_PARAM, at);
    prm->name = e->params[i].name;
    def->params = ast_append(def->params, prm);
  }
  def->name = e->name;
  def->str = NULL;
  Func *fn = arena_alloc(a, sizeof *fn);
  *fn = (Func){.name = e->name, .pyname = e->name, .def = def, .scope = f->scope,
               .seq = f->seq, .is_kernel = true, .mode = MODE_NUMPY, .form = e,
               .fe = &form_front_end};
  **tail = fn;
  *tail = &fn->next;
  return fn;
}

bool fuse_stage_funcs(Ctx *c, Program *p, Func *f, FuseCode *fc, FuseViews *fv) {
  Func **tail = &p->funcs;
  while (*tail)
    tail = &(*tail)->next;
  FuseStage *run = arena_alloc(&c->arena, sizeof *run * (size_t)fc->nstages);
  Func *last = NULL;
  FuseInfo *fi = f->form->fuse;
  int serial = fi->nstaged++;
  for (int k = 0; k < fc->nstages; k++) {
    run[k] = fc->stages[k].run;
    run[k].kernel = intern_cstr(&c->names, arena_printf(&c->arena, "%s__s%d_%d", fi->kname,
                                                        serial, k));
    last = stage_func(c, f, fc, &fc->stages[k], run[k].kernel, &tail);
  }
  int *tout = arena_alloc(&c->arena, sizeof *tout * (size_t)(fc->ntemps + 1));
  memcpy(tout, fc->temp_out, sizeof *tout * (size_t)fc->ntemps);
  int *odt = arena_alloc(&c->arena, sizeof *odt * (size_t)(fc->nout + 1));
  for (int k = 0; k < fc->nout; k++)
    odt[k] = (int)fc->out_types[k];
  *fv = (FuseViews){.v = fc->nviews ? fc->views : NULL, .n = fc->nviews, .stages = run,
                    .nstages = fc->nstages, .ntemps = fc->ntemps, .out_dtypes = odt,
                    .temp_out = tout};
  last->form->fuse_views = *fv;
  return true;
}

/* A fuse kernel's --sig is positional (its arguments), typed through fuse_specialise;
   without one it is compiled per call. */
const FrontEnd fuse_front_end = {.specialise = fuse_specialise};
