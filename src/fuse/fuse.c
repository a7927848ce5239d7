/*
 * fuse.c: a @cupy.fuse function, typed for its arguments' dtypes, as the
 * ElementwiseKernel or ReductionKernel that CuPy's fuse builds from it.
 *
 * CuPy (cupy/_core/fusion.pyx) traces the function: every operator and cupy function
 * on a traced value is a ufunc call, typed by the first of the ufunc's loops that the
 * operands reach (_Ops._guess_routine_from_in_types): an array or numpy scalar reaches
 * loop type T when numpy.can_cast(dtype, T) ('safe'); a Python scalar (weak: int,
 * float, bool, complex, also a literal in the body) reaches T when it can be cast, or
 * when NumPy 2 keeps T for it (result_type(pytype(0), T) == T: an int any number, a
 * float any inexact T). When that trace raises (x.sum(): the old tracer has no
 * methods), CuPy traces again with its new fusion (new_fusion.pyx), which first drops
 * the weak rule when a weak scalar is of a higher kind than every array operand
 * (_check_should_use_weak_scalar: int8 + 1.0 is float64 there, float16 in the old
 * trace). Both are implemented; a function that calls a reduction method is typed as
 * the new fusion types it.
 *
 * The translation is CuPy's: each ufunc call becomes one local `vN` computed by the
 * loop's routine (CuPy's code string, with in0/in1/out0 replaced by the operands cast
 * to the loop's types), the return value is the output `out` (a tuple: out0, out1...).
 * At most one reduction (cp.sum/prod/amax/amin/max/min/all/any, x.sum() ...), whose
 * input is the map; after it only its result and constants may be used (the post-map).
 * What CuPy rejects is reported at the construct with CuPy's reason.
 *
 * sema_fuse gives FuseCode, the strings CuPy would give ElementwiseKernel/ReductionKernel;
 * a @fuse def is a FORM_FUSE kernel of the unit (sema_fuse_def), and fuse_specialise
 * turns FuseCode into the Form of that ElementwiseKernel/ReductionKernel (forms.h) and
 * specialises it, so that forms' and reduce's generators and planners do the rest;
 * fuse_dtypes and fuse_axes answer the runtime's planning of a call. fuse.h says
 * which file does what: this one is the kernel (FuseCode).
 */
#include "fuse.h"

#include <setjmp.h>

#include <string.h>

/* ---------------------------------------------------------------- the kernel */

/* A parameter's C name: the Python one unless CuPy's kernels or C++ own it. */
static const char *param_cname(Fuse *F, const char *name, int i) {
  static const char *const taken[] = {
    "i", "a", "b", "r", "out", "in0", "in1", "in2", "out0", "_ind", "and", "auto", "bool",
    "break", "case", "char", "class", "const", "continue", "default", "delete", "do",
    "double", "else", "enum", "explicit", "extern", "false", "float", "for", "friend",
    "goto", "if", "inline", "int", "long", "max", "min", "namespace", "new", "not",
    "operator", "or", "private", "protected", "public", "register", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true",
    "try", "typedef", "typename", "union", "unsigned", "using", "virtual", "void",
    "volatile", "while", "xor", "NAN", "INFINITY", "half", "size_t"};
  bool plain = name[0] != '_';
  for (const char *p = name; *p && plain; p++)
    plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_' ||
            (*p >= '0' && *p <= '9');
  if (plain && name[0] == 'v' && strspn(name + 1, "0123456789") == strlen(name + 1))
    plain = false;
  if (plain && !strncmp(name, "out", 3) && strspn(name + 3, "0123456789") == strlen(name + 3))
    plain = false;
  for (size_t k = 0; plain && k < sizeof taken / sizeof *taken; k++)
    plain = strcmp(name, taken[k]) != 0;
  if (plain && builtin_lookup("cupy", name))       /* sqrt, exp: C functions */
    plain = false;
  return plain ? name : arena_printf(&F->c->arena, "in_%d", i);
}


/* The lowest (max's identity) or highest (min's) value of t (complex: both parts, the
   least or greatest in complex.cuh's order). */
static const char *extreme(Fuse *F, TypeKind t, bool lowest) {
  if (type_is_complex(t)) {
    const char *p = fuse_special(F, type_part_of(t), false, lowest);
    return arena_printf(&F->c->arena, "%s(%s, %s)", fuse_ctype(t), p, p);
  }
  if (type_is_float(t))
    return fuse_special(F, t, false, lowest);
  if (t == TY_BOOL)
    return lowest ? "false" : "true";
  int bits = 8 * dtype_info[t].size;
  if (type_is_unsigned(t))
    return lowest ? "0" : arena_printf(&F->c->arena, "static_cast<%s>(~0ULL)", fuse_ctype(t));
  long long max = (long long)((1ULL << (bits - 1)) - 1);
  return lowest ? arena_printf(&F->c->arena, "static_cast<%s>(-%lldLL - 1)", fuse_ctype(t), max)
                : arena_printf(&F->c->arena, "static_cast<%s>(%lldLL)", fuse_ctype(t), max);
}

/* The reduce_expr and identity of reduction r whose loop gives red_out (the reduce type:
   float for float16, CuPy's). */
void fuse_reduce_ops(Fuse *F, const Reduction *r, TypeKind red_out, const char **expr,
                     const char **identity) {
  if (!r->minmax) {
    *expr = r->reduce_expr;
    *identity = r->identity;
    return;
  }
  bool mx = r->minmax > 0;
  /* complex: CuPy's my_max_float / my_min_float (the first NaN, else complex.cuh's max /
     min: the real parts, then the imaginary ones) */
  *expr = type_is_complex(red_out)
              ? (mx ? "isnan(a) ? a : (isnan(b) ? b : max(a, b))"
                    : "isnan(a) ? a : (isnan(b) ? b : min(a, b))")
          : type_is_float(red_out)
              ? (mx ? "(a > b || isnan(a)) ? a : b" : "(a < b || isnan(a)) ? a : b")
              : (mx ? "a > b ? a : b" : "a < b ? a : b");
  *identity = extreme(F, red_out == TY_FLOAT16 ? TY_FLOAT32 : red_out, mx);
}

/* The outputs of the returned value RV (fusion.pyx's get_fusion): a tuple's items but its
   Nones (a constant item is a local, as _get_fusion_var makes it), a traced value, none
   for None. What the old fusion refuses, the new one refuses too, with these messages
   (_fusion_trace.pyx). -1 after a diagnostic. */
static int returned(Fuse *F, const TVal *rv, TVal *vals, Loc at) {
  if (rv->none)
    return 0;
  if (!rv->tuple) {
    if (!rv->cn && !rv->is_dtype && !rv->str && !rv->slice) {
      vals[0] = *rv;
      return 1;
    }
    diag_error(F->c, at, "The return value of fused functions must be `None`, ndarray or a "
               "tuple of ndarays.");
    return -1;
  }
  int n = 0;
  for (int k = 0; k < rv->nitems; k++) {
    const TVal *v = &rv->items[k];
    if (v->none)
      continue;
    if (v->tuple || v->is_dtype || v->str || v->slice) {
      diag_error(F->c, at, "The all elements of return value of fused function must be of "
                 "_ArrayProxy type.");
      return -1;
    }
    if (n == FUSE_MAX_OUTS) {
      diag_error(F->c, at, "pykc's fuse returns at most %d values", FUSE_MAX_OUTS);
      return -1;
    }
    vals[n++] = *v;
  }
  return n;
}

/* In CuPy's new fusion (a body with views) every operation has its operands' shape: one
   kernel computes the outputs and the arrays written only when they are all made of the
   same inputs, which are all the inputs the kernel reads (its loop is their broadcast);
   else the function is staged (fuse_stage.c). */
static bool one_shape(const Fuse *F, const FuseArg *args, const FuseCode *out, int n) {
  uint64_t scalars = 0;
  for (int i = 0; i < F->nparams; i++)
    scalars |= (uint64_t)(args[i].ndim < 0) << i;
  ViewDeps d[FUSE_MAX_OUTS + FUSE_MAX_IN], read = {{0, 0}};
  int nd = 0;
  for (int k = 0; k < n; k++)
    d[nd++] = (ViewDeps){{out->out_deps[k].w[0] & ~scalars, out->out_deps[k].w[1]}};
  for (int i = 0; i < F->nparams + F->nviews; i++) {
    bool arg = i < F->nparams;
    uint64_t bit = 1ull << (arg ? i : i - F->nparams);
    if (arg && args[i].ndim < 0)
      continue;
    if (F->written[i])
      d[nd] = (ViewDeps){{0, 0}}, d[nd++].w[!arg] = bit;
    if (F->used[i])
      read.w[!arg] |= bit;
  }
  for (int k = 1; k < nd; k++)
    if (d[k].w[0] != d[0].w[0] || d[k].w[1] != d[0].w[1])
      return false;
  return !nd || ((read.w[0] & ~d[0].w[0]) == 0 && (read.w[1] & ~d[0].w[1]) == 0);
}

/* The kernel's inputs: the arguments (written ones `_non_const`; with views, one that is
   not read itself `raw`: it is not broadcast), then the views (view.h), as in_params and
   FuseCode's tables. */
static void params_with_views(Fuse *F, const FuseArg *args, FuseCode *out) {
  memset(out->raw, 0, sizeof out->raw);
  Buf b = {0};
  TypeKind dt[FUSE_MAX_IN];
  for (int i = 0; i < F->nparams + F->nviews; i++) {
    bool arg = i < F->nparams;
    const FuseView *v = arg ? NULL : &F->views[i - F->nparams];
    dt[i] = arg ? args[i].dtype : dt[v->of];
    out->written[i] = F->written[i];
    bool raw = F->nviews && !F->used[i] && (!arg || args[i].ndim >= 0);   /* with views,
                                                      an array not read itself (every
                                                      argument is read through x[...]) */
    if (out->written[i])
      out->written_deps.w[!arg] |= 1ull << (arg ? i : i - F->nparams);
    if (arg)
      out->raw[i] = raw;
    else
      F->views[i - F->nparams].raw = raw;
    out->in_names[i] = intern_cstr(&F->c->names, F->pnames[i]);
    buf_printf(&b, "%s%s%s%s %s", i ? ", " : "", raw ? "raw " : "",
               out->written[i] ? "_non_const " : "", fuse_dtype_name(dt[i]), F->pnames[i]);
  }
  out->in_params = arena_strndup(&F->c->arena, b.data, b.len);
  buf_free(&b);
  out->nviews = F->nviews;
  memcpy(out->views, F->views, sizeof F->views);
  memcpy(out->view_ndim, F->view_ndim, sizeof F->view_ndim);
}

/* The kernel(s) of fuse function f for args: one (all_views: each array argument read
   through its view; launched: a planned reduction's views) or, staged, a sequence
   (fuse_stage.c). *want: the one-kernel trace failed where a staged one compiles. */
static bool trace(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs,
                  int view_out_ndim, bool all_views, const int *launched, int nlaunched,
                  bool staged, bool *want, FuseCode *out) {
  Sema *S = p->sema;
  S->c = c;
  Scope *saved_scope = S->scope;
  FnState *saved_fs = S->fs;
  S->scope = f->scope;
  S->fs = NULL;
  int errors = c->nerrors;
  const FuseInfo *fi = f->form->fuse;
  /* (CuPy's old fusion raises on indexing: a body taking views is its new fusion's) */
  Fuse F = {.S = S, .c = c, .kname = fi->kname,
            .newfusion = fi->newfusion || staged || all_views,
            .view_out_ndim = view_out_ndim, .all_views = all_views, .launched = launched,
            .nlaunched = nlaunched, .staged = staged, .args = args, .insert_at = -1,
            .memory = fi->memory, .qual = f->def->str ? f->def->str : f->def->name};
  TVal pv[FUSE_MAX_PARAMS];
  F.code = &F.pre;
  memset(out, 0, sizeof *out);
  Node *def = f->def;
  if (fi->bad_param) {
    fuse_unsupported(&F, fi->bad_param);
    goto done;
  }
  int np = ast_count(def->params), i = 0;
  if (np != nargs || nargs > 64) {
    diag_plain(c, "fuse kernel '%s' takes %d argument%s, got %d", f->name, np,
               np == 1 ? "" : "s", nargs);
    goto done;
  }
  Buf in = {0};
  bool any_array = false;
  for (Node *prm = def->params; prm; prm = prm->next, i++) {
    const FuseArg *a = &args[i];
    TVal v = {.dt = a->dtype, .ndim = a->ndim, .param = true, .deps.w[0] = 1ull << (i & 63)};
    if (a->ndim < 0 && a->weak)
      v.weak = type_py_kind(a->dtype);
    v.c = param_cname(&F, prm->name, i);
    F.pnames[F.nparams++] = v.c;
    any_array |= a->ndim >= 0;
    if (F.ndim < a->ndim)
      F.ndim = a->ndim;
    fuse_bind(&F, prm->name, v);
    pv[i] = v;
    out->in_names[i] = intern_cstr(&c->names, v.c);
    buf_printf(&in, "%s%s %s", i ? ", " : "", fuse_dtype_name(a->dtype), v.c);
  }
  i = 0;
  for (Node *prm = def->params; all_views && prm; prm = prm->next, i++)
    if (pv[i].ndim >= 0)                           /* x is x[...]: its own shape */
      fuse_bind(&F, prm->name, fuse_view_of(&F, &pv[i], NULL, 0, prm->loc));
  if (!any_array && c->nerrors == errors)
    diag_plain(c, "fuse kernel '%s' needs at least one array argument (CuPy calls the Python "
               "function itself when none is an array)", f->name);
  if (c->nerrors > errors) {
    buf_free(&in);
    goto done;
  }
  out->in_params = arena_strndup(&c->arena, in.data, in.len);
  buf_free(&in);
  Node *ret = NULL;
  fuse_stmts(&F, def->body, &ret);
  if (c->nerrors > errors)
    goto done;
  /* the outputs: the returned value, a tuple's items, none for None (CuPy's
     no_return); the form fixed their number from the first return's syntax */
  TVal rv = !ret || !ret->lhs ? (TVal){.none = true} : fuse_expr(&F, ret->lhs);
  if (rv.bad)
    goto done;
  Loc rloc = ret ? ret->loc : def->loc;
  TVal vals[FUSE_MAX_OUTS];
  int n = returned(&F, &rv, vals, rloc);
  if (n < 0)
    goto done;
  out->return_tuple = rv.tuple;
  out->no_return = rv.none;
  bool idle = !F.red;                              /* nothing written: the call does nothing */
  for (int k = 0; k < F.nparams + F.nviews && idle; k++)
    idle = !F.written[k];
  if (rv.none && idle && f->form->nout > 0) {      /* a bare return the trace ends at, where */
    out->returns_none = true;                      /* other dtypes return values: None (the */
    out->return_tuple = f->form->return_tuple;     /* kernel's outputs stay unmade, unwritten) */
    out->no_return = false;
    n = f->form->nout;
    for (int k = 0; k < n; k++)
      vals[k] = (TVal){.dt = TY_BOOL, .ndim = -1, .c = "false"};
  }
  if (n != f->form->nout || out->return_tuple != f->form->return_tuple) {
    diag_error(c, rloc, "this return gives %s%d value%s, the function's first return of a "
               "value %s%d: pykc fixes a fuse kernel's outputs from that return statement",
               rv.tuple ? "a tuple of " : "", n, n == 1 ? "" : "s",
               f->form->return_tuple ? "a tuple of " : "", f->form->nout);
    goto done;
  }
  if (F.staged) {
    if (!fuse_stage_finish(&F, vals, n, rv.tuple, out, rloc))
      goto done;
    out->no_return = rv.none;
    out->nviews = F.nviews;
    memcpy(out->views, F.views, sizeof F.views);
    memcpy(out->view_ndim, F.view_ndim, sizeof F.view_ndim);
    Buf h = {0};
    fuse_preamble(&F, &h);
    out->preamble = arena_strndup(&c->arena, h.data ? h.data : "", h.len);
    buf_free(&h);
    goto done;
  }
  Buf outs = {0}, assign = {0};
  Loc locs[FUSE_MAX_OUTS];
  for (int k = 0; k < n; k++)
    locs[k] = rloc;
  for (int k = 0; k < n && c->nerrors == errors; k++) {
    TVal *v = &vals[k];
    if (v->bad || !fuse_same_side(&F, v, 1, locs[k]))  /* checked once the reduction is known */
      continue;
    const char *name = out->return_tuple ? arena_printf(&c->arena, "out%d", k) : "out";
    out->out_types[k] = v->dt;
    out->out_deps[k] = v->deps;
    out->out_names[k] = intern_cstr(&c->names, name);
    buf_printf(&outs, "%s%s %s", k ? ", " : "", fuse_dtype_name(v->dt), name);
    if (!out->returns_none)
      buf_printf(&assign, "%s = %s;\n", name, fuse_operand(&F, v, v->dt));
  }
  if (F.reads_ndim && F.red && c->nerrors == errors && (F.want_stages = true))
    diag_error(c, def->loc, "fuse kernel '%s' reads an argument's ndim: pykc evaluates it only "
               "in a function without a reduction, or in the reduction's axis=", f->name);
  for (int k = 0; F.reads_ndim && c->nerrors == errors && k < nargs; k++)
    if (args[k].ndim >= 0 && args[k].ndim != F.ndim)  /* the launch's views: one ndim */
      diag_error(c, def->loc, "fuse kernel '%s' reads an argument's ndim: pykc runs it only "
                 "on arrays of one ndim (argument %d has %d dimensions, another %d)", f->name,
                 k + 1, args[k].ndim, F.ndim);
  out->nout = n;
  if (F.red && n == 0 && c->nerrors == errors && (F.want_stages = true))
    diag_error(c, rloc, "pykc's fuse returns the reduction's result (this function returns "
               "nothing)");
  bool wrote = false;                              /* CuPy's old fusion passes the map its */
  for (int k = 0; F.red && k < F.nparams + F.nviews; k++)   /* inputs by value: an update */
    wrote |= F.written[k];                         /* before the reduction is lost (its own
                                                      test_premap_inplace waits on that);
                                                      pykc writes it, as the new fusion */
  if (((F.all_views && !F.red && !one_shape(&F, args, out, n)) || wrote) &&
      c->nerrors == errors) {
    F.want_stages = F.split = true;                /* (quiet: trace_call stages it) */
    buf_free(&outs);
    buf_free(&assign);
    goto done;
  }
  params_with_views(&F, args, out);
  out->out_params = arena_strndup(&c->arena, outs.data ? outs.data : "", outs.len);
  buf_free(&outs);
  if (c->nerrors > errors) {
    buf_free(&assign);
    goto done;
  }
  Buf pre = {0};
  fuse_preamble(&F, &pre);
  if (!F.red) {
    buf_puts(&F.pre, assign.data ? assign.data : "");
    out->operation = arena_strndup(&c->arena, F.pre.data ? F.pre.data : "", F.pre.len);
  } else {
    const Reduction *r = F.red;
    TypeKind rt = F.red_out == TY_FLOAT16 ? TY_FLOAT32 : F.red_out;
    out->reduce = true;
    out->reduce_type = fuse_ctype(rt);
    /* the map: the operations before the reduction, as a function of the inputs */
    Buf mp = {0}, args_b = {0};                    /* the map's: the inputs not raw */
    for (i = 0; i < F.nparams + F.nviews; i++)
      if (!(i < F.nparams ? out->raw[i] : F.views[i - F.nparams].raw)) {
        TypeKind t = i < F.nparams ? args[i].dtype : args[fuse_view_root(&F, i)].dtype;
        buf_printf(&mp, "%s%s %s", mp.len ? ", " : "", fuse_ctype(t), F.pnames[i]);
        buf_printf(&args_b, "%s%s", args_b.len ? ", " : "", F.pnames[i]);
      }
    buf_printf(&pre, "__device__ %s %s_map(%s) {\n", fuse_ctype(F.red_in), F.kname,
               mp.data ? mp.data : "");
    buf_free(&mp);
    buf_puts(&pre, F.pre.data ? F.pre.data : "");
    buf_printf(&pre, "return %s;\n}\n", fuse_operand(&F, &F.red_arg, F.red_in));
    const char *zero = type_is_complex(F.red_in)    /* thrust compares complex<T> with T */
                           ? arena_printf(&c->arena, "%s(0)", fuse_ctype(F.red_in)) : "0";
    out->map_expr = r->truth ? arena_printf(&c->arena, "%s_map(%s) != %s", F.kname, args_b.data, zero)
                             : arena_printf(&c->arena, "%s_map(%s)", F.kname, args_b.data);
    buf_free(&args_b);
    fuse_reduce_ops(&F, r, F.red_out, &out->reduce_expr, &out->identity);
    /* the post-map: a function of the result `a` writing the outputs (CuPy wraps
       post_map_expr in a macro's parentheses: it must be one expression) */
    Buf post = {0};
    buf_printf(&pre, "__device__ void %s_post(%s a", F.kname, fuse_ctype(rt));
    for (int k = 0; k < n; k++) {
      buf_printf(&pre, ", %s &%s", fuse_ctype(out->out_types[k]), out->out_names[k]);
      buf_printf(&post, "%s%s", k ? ", " : "", out->out_names[k]);
    }
    buf_printf(&pre, ") {\n%s r = static_cast<%s>(a);\n", fuse_ctype(F.red_out), fuse_ctype(F.red_out));
    buf_puts(&pre, F.post.data ? F.post.data : "");
    buf_puts(&pre, assign.data ? assign.data : "");
    buf_puts(&pre, "}\n");
    out->post_map_expr = arena_printf(&c->arena, "%s_post(a, %s)", F.kname, post.data);
    buf_free(&post);
    out->has_identity = r->minmax == 0;
    out->naxes = F.naxes;
    memcpy(out->axes, F.axes, sizeof F.axes);
    out->axis_none = F.axis_none;
  }
  out->preamble = arena_strndup(&c->arena, pre.data ? pre.data : "", pre.len);
  buf_free(&pre);
  buf_free(&assign);
done:
  buf_free(&F.pre);
  buf_free(&F.post);
  S->scope = saved_scope;
  S->fs = saved_fs;
  if (want)
    *want = F.want_stages;
  return c->nerrors == errors && !F.split;
}

/* The one-kernel trace (all_views: again with every array argument read through its
   view) as CuPy's old fusion, or, where that fails on what CuPy's new fusion runs, the
   staged trace (its diagnostics, not the first's). */
static bool trace_call(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs,
                       FuseCode *out) {
  size_t mark = c->diags.len;
  int errors = c->nerrors, warnings = c->nwarnings, max_errors = c->max_errors;
  bool want = false;
  c->max_errors = 0;                               /* (a failed statement's names cascade:
                                                      the staged trace may still take it) */
  bool ok = trace(c, p, f, args, nargs, -1, false, NULL, 0, false, &want, out);
  if (ok && out->nviews)
    ok = trace(c, p, f, args, nargs, -1, true, NULL, 0, false, &want, out);
  c->max_errors = max_errors;
  if (!ok && !want && max_errors && c->nerrors >= max_errors && c->fatal)
    longjmp(*c->fatal, 1);                         /* as diag_error would have */
  if (ok || !want)
    return ok;
  c->diags.len = mark;
  c->nerrors = errors;
  c->nwarnings = warnings;
  return trace(c, p, f, args, nargs, -1, false, NULL, 0, true, NULL, out);
}

/* CuPy's new fusion gives every operation its operands' shape. A body that takes views is
   traced again with each array argument read through its view x[...]: every argument is
   then a raw parameter that keeps the caller's shape (the launch traces it with those
   dims), and the planner knows each output's operands as views (view.h). A launch's
   trace (nrest > 0: the types after the arguments, the views' then the outputs') first
   counts the views quietly, the planner's reduction views (view_out_ndim) being the
   outputs'. */
bool sema_fuse(Ctx *c, Program *p, Func *f, const FuseArg *args, int nargs, Type **rest,
               int nrest, FuseCode *out) {
  if (nrest == 0)
    return trace_call(c, p, f, args, nargs, out);
  size_t mark = c->diags.len;
  int errors = c->nerrors, warnings = c->nwarnings;
  int nv = trace(c, p, f, args, nargs, -1, false, NULL, 0, false, NULL, out) ? out->nviews : 0;
  c->diags.len = mark;                             /* (quiet: the next trace reports) */
  c->nerrors = errors;
  c->nwarnings = warnings;
  if (nv == 0 || nv >= nrest + 1)
    return trace(c, p, f, args, nargs, rest[0]->kind == TY_ARRAY ? rest[0]->ndim : -1, false,
                 NULL, 0, false, NULL, out);
  int launched[VIEW_MAX];
  for (int j = 0; j < nv; j++)
    launched[j] = rest[j]->kind == TY_ARRAY ? rest[j]->ndim : -1;
  int vo = nv < nrest && rest[nv]->kind == TY_ARRAY ? rest[nv]->ndim : -1;
  return trace(c, p, f, args, nargs, vo, true, launched, nv, false, NULL, out);
}
