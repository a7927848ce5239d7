/*
 * dsl/sema_call_math.c: calls of Python's builtins (len, min, max, abs, complex, int,
 * float, bool), the dtype casts, np.dtype/finfo/iinfo, and the elementwise math and
 * operator ufuncs of cupy/numpy/math: CuPy's loops from types/ufunc.c, constants folded
 * as Python or NumPy compute them at compile time.
 */
#include "dsl/call.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

/* ---------------------------------------------------------------- Python builtins */

/* The value of a Python constant, as a double (for compile-time folding). */
static double py_number(const Node *x) {
  if (ty_is_float(x->ty))
    return x->fval;
  return x->ty->kind == TY_UINT64 ? (double)x->uval : (double)x->ival;
}


Val call_range(Sema *S, const Builtin *b, Args *A) {
  (void)b;
  diag_error(S->c, A->call->loc, "%s() can only be the iterable of a 'for' loop", A->fname);
  return val_error();
}

Val call_stmt_only(Sema *S, const Builtin *b, Args *A) {
  if (b->id == BI_PRINT)
    diag_error(S->c, A->call->loc, "print() can only be used as a statement");
  else
    diag_error(S->c, A->call->loc, "%s() must be assigned to a variable: `name = %s(...)`",
               A->fname, A->fname);
  return val_error();
}

Val call_len(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *x = sema_rvalue(S, A->pos[0]);
  if (sema_is_error(x))
    return val_error();
  if (x->ty->kind == TY_TUPLE)
    return val_expr(sema_py_int(S, A->call->loc, x->ty->nitems));
  if (x->ty->kind != TY_ARRAY || x->ty->ndim == 0) {
    diag_error(S->c, x->loc, "len() needs an array of 1 or more dimensions, got %s",
               ty_str(S->c, x->ty));
    return val_error();
  }
  Node *n = sema_mk(S, IR_ARRAY_ATTR, A->call->loc, T(TY_INT64));
  n->lhs = x;
  n->attr = AA_SHAPE;
  n->ival = 0;
  return val_expr(n);
}

Val call_minmax(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *xs[MAXARGS] = {0};
  Node *acc = NULL;
  for (int i = 0; i < A->npos; i++) {
    xs[i] = call_scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(xs[i]))
      return val_error();
    if (dtype_info[xs[i]->ty->kind].is_complex && !S->fs) { /* Python orders no complex */
      diag_error(S->c, xs[i]->loc, "%s() of complex constants: Python's complex values are "
                 "not ordered", A->fname);
      return val_error();
    }
  }
  if (!S->fs) { /* module level is host Python: min/max of Python constants fold */
    bool consts = true;
    for (int i = 0; i < A->npos; i++)
      consts = consts && sema_is_const(xs[i]) && xs[i]->weak;
    if (consts) {
      Node *best = xs[0];
      for (int i = 1; i < A->npos; i++) {
        double a = py_number(xs[i]), c = py_number(best);
        if (b->id == BI_MIN ? a < c : a > c)
          best = xs[i];
      }
      return val_expr(best);
    }
  }
  Type *t = xs[0]->ty;
  acc = xs[0];
  for (int i = 1; i < A->npos; i++) {
    t = sema_promote(S, acc, xs[i]);
    acc = sema_mk(S, IR_CONST, xs[i]->loc, t); /* a typed stand-in for the next step */
  }
  Node *n = mk_builtin(S, b, t, A->call->loc);
  n->cty = t;
  for (int i = 0; i < A->npos; i++)
    add_arg(n, sema_convert(S, xs[i], t));
  return val_expr(n);
}

Val call_abs(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *x = call_scalar_arg(S, A, A->pos[0], 0);
  if (sema_is_error(x))
    return val_error();
  if (type_is_complex(x->ty->kind)) { /* hypot, typed as the part (CuPy's F->f, D->d) */
    if (sema_is_const(x) && x->weak)
      return val_expr(sema_py_float(S, x->loc, hypot(x->fval, x->fimag)));
    Node *n = mk_builtin(S, b, T(type_part_of(x->ty->kind)), A->call->loc);
    n->cty = x->ty;
    add_arg(n, x);
    return val_expr(n);
  }
  if (sema_is_const(x) && x->weak && x->ty->kind != TY_BOOL) {
    if (ty_is_float(x->ty))
      return val_expr(sema_py_float(S, x->loc, x->fval < 0 ? -x->fval : x->fval));
    if (x->ty->kind != TY_UINT64)
      return val_expr(sema_py_int(S, x->loc, x->ival < 0 ? -(__int128)x->ival : x->ival));
    return val_expr(x);
  }
  /* a numpy scalar constant: abs in its own type, as NumPy computes it when cupyx calls
     abs(np.int8(-128)) at compile time (-128) */
  if (sema_is_const(x) && ty_is_signed(x->ty) && x->ty->kind != TY_FLOAT16) {
    Node *neg = ty_is_float(x->ty) ? sema_py_float(S, x->loc, fabs(x->fval))
                                   : sema_py_int(S, x->loc, x->ival < 0 ? -(__int128)x->ival
                                                                         : x->ival);
    return val_expr(sema_convert(S, neg, x->ty));
  }
  Node *n = mk_builtin(S, b, x->ty, A->call->loc);
  n->cty = x->ty;
  add_arg(n, x);
  return val_expr(n);
}

/* ---------------------------------------------------------------- complex */

/* complex(re=0, im=0). Python constants fold (Python's complex(a, b) = a + b*1j); other
   arguments (a pykc extension: cupyx calls complex only on constants) are real scalars,
   and the result is the complex type that holds them (numpy.result_type with
   complex64: float32 -> complex64, float64 -> complex128). */
Val call_complex(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *xs[2] = {0};
  bool consts = true;
  for (int i = 0; i < A->npos; i++) {
    xs[i] = call_scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(xs[i]))
      return val_error();
    consts = consts && sema_is_const(xs[i]) && xs[i]->weak;
  }
  if (consts) {
    double re = 0, im = 0;
    for (int i = 0; i < A->npos; i++) {
      double r = sema_const_f64(xs[i]), j = sema_is_cconst(xs[i]) ? xs[i]->fimag : 0;
      if (i == 0)
        re += r, im += j;
      else
        re -= j, im += r;
    }
    return val_expr(sema_py_complex(S, A->call->loc, re, im));
  }
  TypeKind t = TY_COMPLEX64;
  for (int i = 0; i < A->npos; i++) {
    if (type_is_complex(xs[i]->ty->kind) && !sema_is_const(xs[i])) {
      diag_error(S->c, xs[i]->loc, "argument %d of complex() must be real, got %s", i + 1,
                 ty_str(S->c, xs[i]->ty));
      return val_error();
    }
    xs[i] = sema_settle(S, xs[i]);
    t = type_result(t, xs[i]->ty->kind);
  }
  Type *part = T(type_part_of(t));
  Node *n = mk_builtin(S, b, T(t), A->call->loc);
  n->cty = T(t);
  for (int i = 0; i < 2; i++)
    add_arg(n, i < A->npos ? sema_convert(S, xs[i], part) : sema_const_float(S, A->call->loc, part, 0));
  return val_expr(n);
}

Node *sema_complex_part(Sema *S, int id, Node *x, Type *out, Loc loc) {
  TypeKind k = x->ty->kind;
  if (type_is_complex(k)) {
    static const char *const names[] = {[BI_REAL] = "real", [BI_IMAG] = "imag",
                                        [BI_CONJ] = "conj", [BI_ANGLE] = "angle"};
    Node *n = mk_builtin(S, builtin_lookup("cupy", names[id]),
                         out ? out : id == BI_CONJ ? x->ty : T(type_part_of(k)), loc);
    n->cty = x->ty;
    add_arg(n, x);
    return n;
  }
  out = out ? out : x->ty;
  if (id == BI_REAL || id == BI_CONJ) /* out0 = in0 */
    return sema_convert(S, x, out);
  if (id == BI_IMAG) /* out0 = 0 */
    return ty_is_float(out) ? sema_const_float(S, loc, out, 0) : sema_const_int(S, loc, out, 0);
  /* angle of a real: out0 = in0 >= 0 ? 0.0 : M_PI */
  Node *zero = sema_convert(S, sema_py_int(S, loc, 0), x->ty);
  Node *cmp = sema_mk(S, IR_COMPARE, loc, T(TY_BOOL));
  cmp->op = OP_GE;
  cmp->cty = x->ty;
  cmp->lhs = x;
  cmp->rhs = zero;
  Node *sel = sema_mk(S, IR_SELECT, loc, out);
  sel->cond = cmp;
  sel->then = sema_const_float(S, loc, out, 0);
  sel->els = sema_const_float(S, loc, out, ufunc_find("angle")->number);
  return sel;
}

/* ---------------------------------------------------------------- casts, math */

/* float('inf'), cp.float32('nan'), float('1e-3'): cupyx calls the type on the constant
   at compile time. The text follows Python's float(): surrounding blank, a sign, then
   inf, infinity or nan (any case) or a decimal literal with single '_' between digits. */
static bool parse_py_float(const char *s, double *out) {
  while (*s == ' ' || *s == '\t' || *s == '\n')
    s++;
  char buf[128];
  size_t n = 0;
  for (const char *p = s; *p && n + 1 < sizeof buf; p++) {
    if (*p == '_' && p > s && isdigit((unsigned char)p[-1]) && isdigit((unsigned char)p[1]))
      continue;
    if (*p == 'x' || *p == 'X' || *p == '_') /* strtod would read hex floats */
      return false;
    buf[n++] = *p;
  }
  buf[n] = '\0';
  while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t' || buf[n - 1] == '\n'))
    buf[--n] = '\0';
  const char *word = buf + (buf[0] == '+' || buf[0] == '-');
  bool special = !strcasecmp(word, "inf") || !strcasecmp(word, "infinity") ||
                 !strcasecmp(word, "nan");
  if (!special && !isdigit((unsigned char)word[0]) && word[0] != '.')
    return false;
  char *end;
  *out = strtod(buf, &end);
  return n > 0 && *end == '\0';
}

static Val float_from_string(Sema *S, Args *A, Type *to, bool python) {
  size_t len;
  const char *s = sema_str_literal(S, A->pos[0], &len);
  double v;
  if (!s)
    return val_error();
  if (strlen(s) != len || !parse_py_float(s, &v)) {
    diag_error(S->c, A->pos[0]->loc, "could not convert string to float: %s", A->pos[0]->str);
    return val_error();
  }
  return val_expr(python ? sema_py_float(S, A->call->loc, v)
                         : sema_const_float(S, A->call->loc, to, v));
}

Val call_cast(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Type *to = T((TypeKind)b->u.cast_to);
  if (A->npos == 0)
    return val_expr(type_is_complex(to->kind) ? sema_const_complex(S, A->call->loc, to, 0, 0)
                    : ty_is_float(to)        ? sema_const_float(S, A->call->loc, to, 0)
                                             : sema_const_int(S, A->call->loc, to, 0));
  bool python = !strcmp(b->name, "int") || !strcmp(b->name, "float") || !strcmp(b->name, "bool");
  if (A->pos[0]->kind == ND_STR && ty_is_float(to))
    return float_from_string(S, A, to, python);
  Node *x = call_scalar_arg(S, A, A->pos[0], 0);
  if (sema_is_error(x))
    return val_error();
  if (python && sema_is_const(x) && x->weak) { /* int(2.5) stays a Python constant */
    if (to->kind == TY_BOOL)
      return val_expr(sema_py_bool(S, x->loc, sema_const_truth(x)));
    if (to->kind == TY_FLOAT64)
      return val_expr(sema_py_float(S, x->loc, ty_is_float(x->ty) ? x->fval
                                              : x->ty->kind == TY_UINT64 ? (double)x->uval
                                                                         : (double)x->ival));
    if (ty_is_float(x->ty))
      return val_expr(sema_py_int(S, x->loc, (__int128)x->fval));
    return val_expr(x);
  }
  Node *r = sema_convert(S, x, to);
  if (r == x && x->kind != IR_CONST) { /* same type: still a distinct expression node */
    return val_expr(x);
  }
  if (r->kind == IR_CAST)
    r->loc = A->call->loc;
  return val_expr(r);
}

/* np.dtype(T), np.finfo(T), np.iinfo(T): compile-time objects (sema_const.c). */
Val call_const_object(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  return sema_const_object(S, b, A->pos[0], A->call->loc);
}

/* Can a value of type a reach loop input type b? mode='cuda': not later in the
   promotion order; mode='numpy': numpy.can_cast(a, b, 'safe'), which for dtypes is
   numpy.result_type(a, b) == b. */
static bool reaches(Mode m, TypeKind a, TypeKind b) {
  if (m == MODE_CUDA)
    return a <= b;
  return type_can_cast(a, b);
}

/* math.NAME of Python constants is computed at compile time, as Python (and so cupyx,
   which calls it on the constants) does: a Python float (int for floor/ceil/trunc, bool
   for the predicates), typed later by the literal rules. */
static const struct {
  int id;
  double (*f1)(double);
  double (*f2)(double, double);
} math_folds[] = {
  {BI_SQRT, sqrt, NULL},   {BI_EXP, exp, NULL},       {BI_EXP2, exp2, NULL},
  {BI_EXPM1, expm1, NULL}, {BI_LOG, log, NULL},       {BI_LOG2, log2, NULL},
  {BI_LOG10, log10, NULL}, {BI_LOG1P, log1p, NULL},   {BI_SIN, sin, NULL},
  {BI_COS, cos, NULL},     {BI_TAN, tan, NULL},       {BI_ARCSIN, asin, NULL},
  {BI_ARCCOS, acos, NULL}, {BI_ARCTAN, atan, NULL},   {BI_ARCTAN2, NULL, atan2},
  {BI_SINH, sinh, NULL},   {BI_COSH, cosh, NULL},     {BI_TANH, tanh, NULL},
  {BI_ARCSINH, asinh, NULL}, {BI_ARCCOSH, acosh, NULL}, {BI_ARCTANH, atanh, NULL},
  {BI_FLOOR, floor, NULL}, {BI_CEIL, ceil, NULL},     {BI_TRUNC, trunc, NULL},
  {BI_FABS, fabs, NULL},   {BI_HYPOT, NULL, hypot},   {BI_COPYSIGN, NULL, copysign},
  {BI_POWER, NULL, pow},   {BI_FMOD, NULL, fmod},     {BI_CBRT, cbrt, NULL},
  {BI_ISNAN, NULL, NULL},  {BI_ISINF, NULL, NULL},    {BI_ISFINITE, NULL, NULL},
};

static Val math_fold(Sema *S, const Builtin *b, Args *A, Node **xs) {
  double v[2] = {0, 0}, r;
  bool finite = true, nan_in = false;
  for (int i = 0; i < A->npos; i++) {
    v[i] = py_number(xs[i]);
    finite = finite && isfinite(v[i]);
    nan_in = nan_in || isnan(v[i]);
  }
  Loc loc = A->call->loc;
  if (b->id == BI_ISNAN || b->id == BI_ISINF || b->id == BI_ISFINITE)
    return val_expr(sema_py_bool(S, loc, b->id == BI_ISNAN   ? isnan(v[0])
                                         : b->id == BI_ISINF ? isinf(v[0])
                                                             : isfinite(v[0])));
  size_t i = 0;
  while (math_folds[i].id != b->id)
    i++;
  r = math_folds[i].f1 ? math_folds[i].f1(v[0]) : math_folds[i].f2(v[0], v[1]);
  bool rounding = b->id == BI_FLOOR || b->id == BI_CEIL || b->id == BI_TRUNC;
  if (rounding && !isfinite(r)) {
    diag_error(S->c, loc, "%s() of a constant %s fails in Python (no integer holds it)",
               A->fname, isnan(r) ? "NaN" : "infinity");
    return val_error();
  }
  if ((isnan(r) && !nan_in) || (isinf(r) && finite)) {
    bool overflow = isinf(r) && (b->id == BI_EXP || b->id == BI_EXP2 || b->id == BI_EXPM1 ||
                                 b->id == BI_SINH || b->id == BI_COSH || b->id == BI_POWER ||
                                 b->id == BI_HYPOT);
    diag_error(S->c, loc, "%s() of these constants fails in Python (math %s error)", A->fname,
               overflow ? "range" : "domain");
    return val_error();
  }
  if (rounding)
    return val_expr(ty_is_int(xs[0]->ty) ? xs[0] : sema_py_int(S, loc, (__int128)r));
  return val_expr(sema_py_float(S, loc, r));
}

/* The value of a float32/float64 loop on constants (NULL: left to run time). */
static Node *numpy_fold(Sema *S, const Builtin *b, Args *A, Node **xs, Type *in, Type *out) {
  size_t i = 0, n = sizeof math_folds / sizeof *math_folds;
  while (i < n && math_folds[i].id != b->id)
    i++;
  if (i == n || (!math_folds[i].f1 && !math_folds[i].f2 && out->kind != TY_BOOL))
    return NULL;
  double v[2] = {0, 0};
  for (int k = 0; k < A->npos; k++) {
    Node *c = sema_convert(S, xs[k], in);
    if (!sema_is_const(c))
      return NULL;
    v[k] = c->fval;
  }
  Loc loc = A->call->loc;
  if (out->kind == TY_BOOL)
    return sema_const_int(S, loc, out, b->id == BI_ISNAN   ? isnan(v[0])
                                       : b->id == BI_ISINF ? isinf(v[0])
                                                           : isfinite(v[0]));
  double r = math_folds[i].f1 ? math_folds[i].f1(v[0]) : math_folds[i].f2(v[0], v[1]);
  return sema_const_float(S, loc, out, out->kind == TY_FLOAT32 ? (double)(float)r : r);
}

Val call_math(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Type *dt = A->module && strcmp(A->module, "math") ? call_ufunc_dtype(S, A, used) : NULL;
  if ((dt && dt->kind == TY_ERROR) || !call_no_other_kw(S, A, used) || !call_count_ok(S, b, A, A->npos))
    return val_error();
  Node *xs[2] = {0}, *raw[2] = {0};
  bool folds = A->module && !strcmp(A->module, "math");
  for (int i = 0; i < A->npos; i++) {
    raw[i] = call_scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(raw[i]))
      return val_error();
    /* host code calls math on NumPy scalars too: math.sqrt(np.float32(2)) is a float */
    folds = folds && sema_is_const(raw[i]) && (raw[i]->weak || S->host);
    xs[i] = sema_settle(S, raw[i]);
  }
  if (folds)
    return math_fold(S, b, A, raw);
  Mode mode = S->fs ? S->fs->mode : MODE_CUDA;
  bool np_consts = sema_numpy_constants(S, A->module, raw, xs, A->npos);
  if (np_consts)
    mode = MODE_NUMPY;
  Loop l;
  for (int li = 0; ufunc_nth_loop(builtin_loops(b), A->npos, li, &l); li++) {
    if (type_is_complex(l.in[0]) && !b->chelper) /* no complex lowering of this row */
      continue;
    bool ok = true;
    for (int i = 0; i < A->npos; i++)
      ok = ok && reaches(mode, xs[i]->ty->kind, l.in[i]);
    if (dt) /* the first loop that outputs dtype, its inputs cast to the loop's */
      ok = l.out == dt->kind;
    for (int i = 0; ok && dt && i < A->npos; i++)
      if (sema_is_error(xs[i] = sema_ufunc_cast(S, raw[i], T(l.in[i]), A->fname, i)))
        return val_error();
    if (!ok)
      continue;
    Type *in = T(l.in[0]);
    if (b->id == BI_REAL || b->id == BI_IMAG || b->id == BI_CONJ || b->id == BI_ANGLE)
      return val_expr(sema_complex_part(S, b->id, sema_convert(S, xs[0], in), T(l.out),
                                        A->call->loc));
    bool rounding = b->id == BI_FLOOR || b->id == BI_CEIL || b->id == BI_TRUNC;
    if (rounding && !ty_is_float(in)) /* integer and bool loops: out0 = in0 */
      return val_expr(sema_convert(S, xs[0], in));
    if (np_consts && (in->kind == TY_FLOAT32 || in->kind == TY_FLOAT64)) {
      Node *f = numpy_fold(S, b, A, xs, in, T(l.out));
      if (f)
        return val_expr(f);
    }
    Node *n = mk_builtin(S, b, T(l.out), A->call->loc);
    n->cty = in;
    for (int i = 0; i < A->npos; i++)
      add_arg(n, sema_convert(S, xs[i], T(l.in[i])));
    return val_expr(n);
  }
  if (dt)
    diag_error(S->c, A->call->loc, "%s() has no loop that gives %s (dtype=)", A->fname,
               ty_str(S->c, dt));
  else if (A->npos == 1)
    diag_error(S->c, A->call->loc, "%s() does not support %s", A->fname, ty_str(S->c, xs[0]->ty));
  else
    diag_error(S->c, A->call->loc, "%s() does not support (%s, %s)", A->fname,
               ty_str(S->c, xs[0]->ty), ty_str(S->c, xs[1]->ty));
  return val_error();
}

/* cp.add(a, b), cp.less(a, b), ...: the operator's IR (sema_ufunc_op). cupyx takes a
   ufunc's inputs positionally (exactly nin of them) and dtype=; any other keyword, out=
   included, is an error there too. */
Val call_ufunc(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Type *dt = call_ufunc_dtype(S, A, used);
  if (dt && dt->kind == TY_ERROR)
    return val_error();
  for (int k = 0; k < A->nkw; k++) {
    if (used[k])
      continue;
    if (!strcmp(A->kwname[k], "out"))
      diag_error(S->c, A->kwloc[k], "%s(): out= is not allowed in a kernel (cupyx refuses "
                 "it); assign the result instead", A->fname);
    else
      diag_error(S->c, A->kwloc[k], "'%s' is an invalid keyword to ufunc %s()",
                 A->kwname[k], A->fname);
    return val_error();
  }
  if (!call_count_ok(S, b, A, A->npos))
    return val_error();
  Node *r = sema_ufunc_op(S, ufunc_find(b->name), b->u.op,
                          b->id == BI_LOGICAL_XOR, A->pos, A->npos, A->module, A->fname, dt,
                          A->call->loc);
  return sema_is_error(r) ? val_error() : val_expr(r);
}

/* One handler per typing rule (Builtin.rule). */
