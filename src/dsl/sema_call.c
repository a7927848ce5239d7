/*
 * sema_call.c: calls. Builtins dispatch through a table of handlers indexed by BI_*
 * (math loops and casts by kind); device functions are bound by name, specialised per
 * argument types (sema_device_spec) and become IR_CALL. print() and shared/local
 * memory declarations are statements and are handled here for sema_stmt.c.
 */
#include "sema_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define T(k) ty_scalar(k)

enum { MAXARGS = 64, MAXKW = 16 };

typedef struct Args {
  Node *call;
  const char *fname;          /* as written: "jit.atomic_add" */
  const char *module;         /* builtins: the module it came through ("math", "cupy") */
  Node *pos[MAXARGS];
  int npos;
  const char *kwname[MAXKW];
  Node *kw[MAXKW];
  Loc kwloc[MAXKW];           /* the keyword's name, where messages about it point */
  int nkw;
} Args;

typedef Val (*Handler)(Sema *S, const Builtin *b, Args *A);

static Val val_expr(Node *n) { return (Val){.kind = VAL_EXPR, .n = n}; }
static Val val_error(void) { return (Val){.kind = VAL_ERROR}; }

static const char *callee_text(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME)
    return nd->name;
  if (nd->kind == ND_ATTR)
    return arena_printf(&S->c->arena, "%s.%s", callee_text(S, nd->lhs), nd->name);
  return "function";
}

static bool collect(Sema *S, Node *call, Args *A) {
  memset(A, 0, sizeof *A);
  A->call = call;
  A->fname = callee_text(S, call->lhs);
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG) {
      if (A->nkw == MAXKW)
        goto many;
      A->kwname[A->nkw] = a->name;
      A->kwloc[A->nkw] = a->loc;
      A->kw[A->nkw++] = a->rhs;
    } else {
      if (A->npos == MAXARGS)
        goto many;
      if (a->kind == ND_STARRED) {
        diag_error(S->c, a->loc, "starred arguments are not supported in kernels");
        return false;
      }
      A->pos[A->npos++] = a;
    }
  }
  return true;
many:
  diag_error(S->c, call->loc, "too many arguments in a call");
  return false;
}

/* The argument at position i or keyword `kw` (NULL if absent); *taken marks the
   keyword as used. Reports a duplicate. */
static Node *arg(Sema *S, Args *A, int i, const char *kw, bool *used) {
  Node *r = i >= 0 && i < A->npos ? A->pos[i] : NULL;
  for (int k = 0; kw && k < A->nkw; k++)
    if (!strcmp(A->kwname[k], kw)) {
      used[k] = true;
      if (r) {
        diag_error(S->c, A->kwloc[k], "%s() got multiple values for argument '%s'", A->fname,
                   kw);
        return r;
      }
      r = A->kw[k];
    }
  return r;
}

static bool no_other_kw(Sema *S, Args *A, const bool *used) {
  for (int k = 0; k < A->nkw; k++)
    if (!used[k]) {
      diag_error(S->c, A->kwloc[k], "%s() got an unexpected keyword argument '%s'", A->fname,
                 A->kwname[k]);
      return false;
    }
  return true;
}

static bool count_ok(Sema *S, const Builtin *b, Args *A, int n) {
  if (n >= b->minargs && n <= b->maxargs)
    return true;
  if (b->minargs == b->maxargs)
    diag_error(S->c, A->call->loc, "%s() takes %d argument%s, got %d", A->fname, b->minargs,
               b->minargs == 1 ? "" : "s", n);
  else if (b->maxargs >= MAXARGS)
    diag_error(S->c, A->call->loc, "%s() takes at least %d arguments, got %d", A->fname,
               b->minargs, n);
  else
    diag_error(S->c, A->call->loc, "%s() takes %d to %d arguments, got %d", A->fname,
               b->minargs, b->maxargs, n);
  return false;
}

/* Positional-only builtins: count check, no keywords. */
static bool plain(Sema *S, const Builtin *b, Args *A) {
  if (A->nkw) {
    diag_error(S->c, A->kwloc[0], "%s() got an unexpected keyword argument '%s'", A->fname,
               A->kwname[0]);
    return false;
  }
  return count_ok(S, b, A, A->npos);
}

static Node *mk_builtin(Sema *S, const Builtin *b, Type *ty, Loc loc) {
  Node *n = sema_mk(S, IR_BUILTIN, loc, ty);
  n->bi = b;
  return n;
}

static void add_arg(Node *n, Node *a) {
  n->args = ast_append(n->args, a);
  n->nargs++;
}

static Node *scalar_arg(Sema *S, Args *A, Node *nd, int i) {
  Node *e = sema_rvalue(S, nd);
  if (!sema_is_error(e) && !ty_is_scalar(e->ty)) {
    diag_error(S->c, e->loc, "argument %d of %s() must be a scalar, got %s", i + 1, A->fname,
               ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  return e;
}

/* A weak literal takes its literal type. */
static Node *settle(Sema *S, Node *e) {
  return sema_is_error(e) || !e->weak ? e : sema_convert(S, e, e->ty);
}

static const char *what_arg(Sema *S, Args *A, int i) {
  return arena_printf(&S->c->arena, "argument %d of %s()", i + 1, A->fname);
}

Node *sema_ufunc_cast(Sema *S, Node *x, Type *to, const char *fname, int i) {
  if (sema_is_error(x) || !x->weak)
    return sema_assign_convert(S, x, to,
                               arena_printf(&S->c->arena, "argument %d of %s(dtype=%s)", i + 1,
                                            fname, ty_str(S->c, to)));
  return sema_convert(S, x, to); /* a constant: dtype.type(value) */
}

/* dtype= of a cp./np. ufunc call (cupyx: ufunc._ops._guess_routine_from_dtype): the type
   it names; NULL when absent or None; TY_ERROR after a diagnostic. */
static Type *ufunc_dtype(Sema *S, Args *A, bool *used) {
  Node *d = arg(S, A, -1, "dtype", used);
  if (!d)
    return NULL;
  if (d->kind == ND_STR) { /* dtype='f4' */
    size_t len;
    const char *s = sema_str_literal(S, d, &len);
    int k = s ? ty_parse_dtype(s, len) : -1;
    if (k < 0 && s)
      diag_error(S->c, d->loc, "data type '%s' not understood", s);
    return T(k < 0 ? TY_ERROR : (TypeKind)k);
  }
  Val v = sema_expr(S, d);
  if (v.kind == VAL_ERROR)
    return T(TY_ERROR);
  if (v.kind == VAL_NONE)
    return NULL;
  Type *t = sema_dtype_of(S, v);
  if (!t) {
    diag_error(S->c, d->loc, "%s(): dtype= takes a dtype such as cp.float32", A->fname);
    return T(TY_ERROR);
  }
  return t;
}

/* ---------------------------------------------------------------- thread model */

static Val h_simple(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Type *ty = b->id == BI_LANEID || b->id == BI_ACTIVEMASK ? T(TY_UINT32) : T(TY_VOID);
  return val_expr(mk_builtin(S, b, ty, A->call->loc));
}

static Val h_syncwarp(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *m = arg(S, A, 0, "mask", used);
  if (!no_other_kw(S, A, used) || !count_ok(S, b, A, A->npos))
    return val_error();
  Node *n = mk_builtin(S, b, T(TY_VOID), A->call->loc);
  Node *mask = m ? scalar_arg(S, A, m, 0) : sema_const_int(S, A->call->loc, T(TY_UINT32), 0xffffffff);
  if (sema_is_error(mask))
    return val_error();
  if (!ty_is_int(mask->ty)) {
    diag_error(S->c, mask->loc, "syncwarp() mask must be an integer, got %s", ty_str(S->c, mask->ty));
    return val_error();
  }
  add_arg(n, sema_convert(S, mask, T(TY_UINT32)));
  return val_expr(n);
}

static Node *index_builtin(Sema *S, const char *group, int axis, Loc loc) {
  static const char *const ax[] = {"x", "y", "z"};
  const Builtin *b = builtin_lookup("jit", arena_printf(&S->c->arena, "%s.%s", group, ax[axis]));
  return mk_builtin(S, b, T(TY_UINT32), loc);
}

/* grid(n) = blockIdx * blockDim + threadIdx per axis; gridsize(n) = blockDim * gridDim. */
static Val h_grid(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *nd = arg(S, A, 0, "ndim", used);
  if (!no_other_kw(S, A, used) || !nd)
    return (void)(nd || count_ok(S, b, A, 0)), val_error();
  Node *e = sema_rvalue(S, nd);
  int64_t n;
  if (sema_is_error(e))
    return val_error();
  if (!sema_const_i64(e, &n) || n < 1 || n > 3) {
    diag_error(S->c, e->loc, "%s() takes a constant 1, 2 or 3", A->fname);
    return val_error();
  }
  Loc loc = A->call->loc;
  Node *items[3];
  for (int i = 0; i < n; i++) {
    if (b->id == BI_GRID) {
      Node *m = sema_binop(S, OP_MUL, index_builtin(S, "blockIdx", i, loc),
                           index_builtin(S, "blockDim", i, loc), loc);
      items[i] = sema_binop(S, OP_ADD, m, index_builtin(S, "threadIdx", i, loc), loc);
    } else {
      items[i] = sema_binop(S, OP_MUL, index_builtin(S, "blockDim", i, loc),
                            index_builtin(S, "gridDim", i, loc), loc);
    }
  }
  if (n == 1)
    return val_expr(items[0]);
  Type *tys[3] = {T(TY_UINT32), T(TY_UINT32), T(TY_UINT32)};
  Node *t = sema_mk(S, IR_TUPLE, loc, ty_tuple(S->c, tys, (int)n));
  for (int i = 0; i < n; i++)
    add_arg(t, items[i]);
  return val_expr(t);
}

/* ---------------------------------------------------------------- atomics */

/* (the element types each atomic takes are its row's `dtypes`, builtins.c) */

/* "an int32, uint32 or uint64" (with its article) */
static const char *type_list(Sema *S, unsigned mask) {
  Buf b = {0};
  for (int k = 0; k < TY_NSCALAR; k++)
    if (mask & (1u << k)) {
      buf_puts(&b, dtype_info[k].name[0] == 'i' ? "an " : "a ");
      break;
    }
  int n = 0, total = __builtin_popcount(mask);
  for (int k = 0; k < TY_NSCALAR; k++)
    if (mask & (1u << k)) {
      if (n)
        buf_puts(&b, n == total - 1 ? " or " : ", ");
      buf_puts(&b, dtype_info[k].name);
      n++;
    }
  const char *r = arena_strndup(&S->c->arena, b.data, b.len);
  buf_free(&b);
  return r;
}

static Val h_atomic(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *arr = sema_rvalue(S, A->pos[0]);
  if (sema_is_error(arr))
    return val_error();
  if (arr->ty->kind != TY_ARRAY && arr->ty->kind != TY_PTR) {
    diag_error(S->c, arr->loc, "the first argument of %s() must be an array, got %s", A->fname,
               ty_str(S->c, arr->ty));
    return val_error();
  }
  Node *idx = A->pos[1];
  Node *elem = sema_index(S, arr, idx, 1, idx->loc);
  if (sema_is_error(elem))
    return val_error();
  if (!ty_is_scalar(elem->ty)) {
    diag_error(S->c, idx->loc, "%s() needs an index to an element, got a %s view", A->fname,
               ty_str(S->c, elem->ty));
    return val_error();
  }
  unsigned mask = b->dtypes;
  if (!(mask & (1u << elem->ty->kind))) {
    diag_error(S->c, A->pos[0]->loc, "%s needs %s array, got %s", b->name, type_list(S, mask),
               ty_str(S->c, elem->ty));
    return val_error();
  }
  Node *n = mk_builtin(S, b, elem->ty, A->call->loc);
  add_arg(n, elem);
  for (int i = 2; i < A->npos; i++) {
    Node *v = scalar_arg(S, A, A->pos[i], i);
    v = sema_assign_convert(S, v, elem->ty, what_arg(S, A, i));
    if (sema_is_error(v))
      return val_error();
    add_arg(n, v);
  }
  return val_expr(n);
}

/* ---------------------------------------------------------------- warp functions */

static Val h_shfl(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *mnd = arg(S, A, 0, "mask", used), *vnd = arg(S, A, 1, "var", used);
  Node *dnd = arg(S, A, 2, b->id == BI_SHFL_SYNC ? "srcLane" : b->id == BI_SHFL_XOR_SYNC ? "laneMask" : "delta", used);
  Node *wnd = arg(S, A, 3, "width", used);
  if (!no_other_kw(S, A, used) || !count_ok(S, b, A, A->npos + A->nkw) || !mnd || !vnd || !dnd)
    return val_error();
  Node *mask = scalar_arg(S, A, mnd, 0), *var = settle(S, scalar_arg(S, A, vnd, 1));
  Node *delta = scalar_arg(S, A, dnd, 2);
  Node *width = wnd ? scalar_arg(S, A, wnd, 3) : sema_py_int(S, A->call->loc, 32);
  if (sema_is_error(mask) || sema_is_error(var) || sema_is_error(delta) || sema_is_error(width))
    return val_error();
  unsigned ok = 1u << TY_INT32 | 1u << TY_UINT32 | 1u << TY_INT64 | 1u << TY_UINT64 |
                1u << TY_FLOAT16 | 1u << TY_FLOAT32 | 1u << TY_FLOAT64;
  if (!(ok & (1u << var->ty->kind))) {
    diag_error(S->c, var->loc, "%s needs %s value, got %s", b->name, type_list(S, ok),
               ty_str(S->c, var->ty));
    return val_error();
  }
  Node *ints[3] = {mask, delta, width};
  for (int i = 0; i < 3; i++)
    if (!ty_is_int(ints[i]->ty)) {
      diag_error(S->c, ints[i]->loc, "%s() needs an integer here, got %s", A->fname,
                 ty_str(S->c, ints[i]->ty));
      return val_error();
    }
  Node *n = mk_builtin(S, b, var->ty, A->call->loc);
  add_arg(n, sema_convert(S, mask, T(TY_UINT32)));
  add_arg(n, var);
  bool up_down = b->id == BI_SHFL_UP_SYNC || b->id == BI_SHFL_DOWN_SYNC;
  add_arg(n, sema_convert(S, delta, T(up_down ? TY_UINT32 : TY_INT32)));
  add_arg(n, sema_convert(S, width, T(TY_INT32)));
  return val_expr(n);
}

static Val h_vote(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *mask = scalar_arg(S, A, A->pos[0], 0);
  Node *pred = sema_to_bool(S, sema_rvalue(S, A->pos[1]));
  if (sema_is_error(mask) || sema_is_error(pred))
    return val_error();
  if (!ty_is_int(mask->ty)) {
    diag_error(S->c, mask->loc, "%s() mask must be an integer, got %s", A->fname,
               ty_str(S->c, mask->ty));
    return val_error();
  }
  Node *n = mk_builtin(S, b, T(b->id == BI_BALLOT_SYNC ? TY_UINT32 : TY_BOOL), A->call->loc);
  add_arg(n, sema_convert(S, mask, T(TY_UINT32)));
  add_arg(n, pred);
  return val_expr(n);
}

static Val h_bits(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *x = settle(S, scalar_arg(S, A, A->pos[0], 0));
  if (sema_is_error(x))
    return val_error();
  if (!ty_is_int(x->ty) && x->ty->kind != TY_BOOL) {
    diag_error(S->c, x->loc, "%s() needs an integer, got %s", A->fname, ty_str(S->c, x->ty));
    return val_error();
  }
  bool wide = dtype_info[x->ty->kind].size == 8;
  Type *in = T(b->id == BI_BREV ? (wide ? TY_UINT64 : TY_UINT32)
                : dtype_info[x->ty->kind].size < 4 ? TY_INT32 : x->ty->kind);
  Node *n = mk_builtin(S, b, b->id == BI_BREV ? in : T(TY_INT32), A->call->loc);
  n->cty = in;
  add_arg(n, sema_convert(S, x, in));
  return val_expr(n);
}

/* ---------------------------------------------------------------- Python builtins */

/* The value of a Python constant, as a double (for compile-time folding). */
static double py_number(const Node *x) {
  if (ty_is_float(x->ty))
    return x->fval;
  return x->ty->kind == TY_UINT64 ? (double)x->uval : (double)x->ival;
}


static Val h_range(Sema *S, const Builtin *b, Args *A) {
  (void)b;
  diag_error(S->c, A->call->loc, "%s() can only be the iterable of a 'for' loop", A->fname);
  return val_error();
}

static Val h_stmt_only(Sema *S, const Builtin *b, Args *A) {
  if (b->id == BI_PRINT)
    diag_error(S->c, A->call->loc, "print() can only be used as a statement");
  else
    diag_error(S->c, A->call->loc, "%s() must be assigned to a variable: `name = %s(...)`",
               A->fname, A->fname);
  return val_error();
}

static Val h_len(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
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

static Val h_minmax(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *xs[MAXARGS] = {0};
  Node *acc = NULL;
  for (int i = 0; i < A->npos; i++) {
    xs[i] = scalar_arg(S, A, A->pos[i], i);
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

static Val h_abs(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *x = scalar_arg(S, A, A->pos[0], 0);
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
static Val h_complex(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Node *xs[2] = {0};
  bool consts = true;
  for (int i = 0; i < A->npos; i++) {
    xs[i] = scalar_arg(S, A, A->pos[i], i);
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
    xs[i] = settle(S, xs[i]);
    t = sema_numpy_result(t, xs[i]->ty->kind);
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
  sel->els = sema_const_float(S, loc, out, 3.14159265358979323846);
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

static Val h_cast(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  Type *to = T((TypeKind)b->u.cast_to);
  if (A->npos == 0)
    return val_expr(type_is_complex(to->kind) ? sema_const_complex(S, A->call->loc, to, 0, 0)
                    : ty_is_float(to)        ? sema_const_float(S, A->call->loc, to, 0)
                                             : sema_const_int(S, A->call->loc, to, 0));
  bool python = !strcmp(b->name, "int") || !strcmp(b->name, "float") || !strcmp(b->name, "bool");
  if (A->pos[0]->kind == ND_STR && ty_is_float(to))
    return float_from_string(S, A, to, python);
  Node *x = scalar_arg(S, A, A->pos[0], 0);
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
static Val h_const_object(Sema *S, const Builtin *b, Args *A) {
  if (!plain(S, b, A))
    return val_error();
  return sema_const_object(S, b, A->pos[0], A->call->loc);
}

static TypeKind loop_char(char ch) {
  static const char chars[] = "?bBhHiIlLefdFD";
  static const TypeKind kinds[] = {TY_BOOL, TY_INT8, TY_UINT8, TY_INT16, TY_UINT16,
                                   TY_INT32, TY_UINT32, TY_INT64, TY_UINT64, TY_FLOAT16,
                                   TY_FLOAT32, TY_FLOAT64, TY_COMPLEX64, TY_COMPLEX128};
  if (ch == 'q')
    return TY_INT64;
  if (ch == 'Q')
    return TY_UINT64;
  const char *p = strchr(chars, ch);
  return p ? kinds[p - chars] : TY_VOID;
}

/* Can a value of type a reach loop input type b? mode='cuda': not later in the
   promotion order; mode='numpy': numpy.can_cast(a, b, 'safe'), which for dtypes is
   numpy.result_type(a, b) == b. */
static bool reaches(Mode m, TypeKind a, TypeKind b) {
  if (m == MODE_CUDA)
    return a <= b;
  return sema_numpy_result(a, b) == b;
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

static Val h_math(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Type *dt = A->module && strcmp(A->module, "math") ? ufunc_dtype(S, A, used) : NULL;
  if ((dt && dt->kind == TY_ERROR) || !no_other_kw(S, A, used) || !count_ok(S, b, A, A->npos))
    return val_error();
  Node *xs[2] = {0}, *raw[2] = {0};
  bool folds = A->module && !strcmp(A->module, "math");
  for (int i = 0; i < A->npos; i++) {
    raw[i] = scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(raw[i]))
      return val_error();
    /* host code calls math on NumPy scalars too: math.sqrt(np.float32(2)) is a float */
    folds = folds && sema_is_const(raw[i]) && (raw[i]->weak || S->host);
    xs[i] = settle(S, raw[i]);
  }
  if (folds)
    return math_fold(S, b, A, raw);
  Mode mode = S->fs ? S->fs->mode : MODE_CUDA;
  bool np_consts = sema_numpy_constants(S, A->module, raw, xs, A->npos);
  if (np_consts)
    mode = MODE_NUMPY;
  for (const char *p = b->loops; *p;) {
    const char *q = p;
    bool ok = true;
    for (int i = 0; i < A->npos; i++, q++)
      ok = ok && reaches(mode, xs[i]->ty->kind, loop_char(*q));
    q += 2; /* "->" */
    if (dt) /* the first loop that outputs dtype, its inputs cast to the loop's */
      ok = loop_char(*q) == dt->kind;
    for (int i = 0; ok && dt && i < A->npos; i++)
      if (sema_is_error(xs[i] = sema_ufunc_cast(S, raw[i], T(loop_char(p[i])), A->fname, i)))
        return val_error();
    if (ok) {
      Type *in = T(loop_char(p[0]));
      if (b->id == BI_REAL || b->id == BI_IMAG || b->id == BI_CONJ || b->id == BI_ANGLE)
        return val_expr(sema_complex_part(S, b->id, sema_convert(S, xs[0], in),
                                          T(loop_char(*q)), A->call->loc));
      bool rounding = b->id == BI_FLOOR || b->id == BI_CEIL || b->id == BI_TRUNC;
      if (rounding && !ty_is_float(in)) /* integer and bool loops: out0 = in0 */
        return val_expr(sema_convert(S, xs[0], in));
      if (np_consts && (in->kind == TY_FLOAT32 || in->kind == TY_FLOAT64)) {
        Node *f = numpy_fold(S, b, A, xs, in, T(loop_char(*q)));
        if (f)
          return val_expr(f);
      }
      Node *n = mk_builtin(S, b, T(loop_char(*q)), A->call->loc);
      n->cty = in;
      for (int i = 0; i < A->npos; i++)
        add_arg(n, sema_convert(S, xs[i], T(loop_char(p[i]))));
      return val_expr(n);
    }
    p = q + 1;
    while (*p == ' ')
      p++;
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
static Val h_ufunc(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Type *dt = ufunc_dtype(S, A, used);
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
  if (!count_ok(S, b, A, A->npos))
    return val_error();
  Node *r = sema_ufunc_op(S, b->u.op, b->id == BI_LOGICAL_XOR, A->pos, A->npos, A->module,
                          A->fname, dt, A->call->loc);
  return sema_is_error(r) ? val_error() : val_expr(r);
}

/* One handler per typing rule (Builtin.rule). */
static const Handler handlers[TR_COUNT] = {
  [TR_SIMPLE] = h_simple, [TR_SYNCWARP] = h_syncwarp, [TR_GRID] = h_grid,
  [TR_STMT_ONLY] = h_stmt_only, [TR_ATOMIC] = h_atomic, [TR_SHFL] = h_shfl,
  [TR_VOTE] = h_vote, [TR_BITS] = h_bits, [TR_RANGE] = h_range, [TR_LEN] = h_len,
  [TR_MINMAX] = h_minmax, [TR_ABS] = h_abs, [TR_CAST] = h_cast, [TR_UFUNC] = h_ufunc,
  [TR_MATH] = h_math, [TR_CONST_OBJECT] = h_const_object, [TR_COMPLEX] = h_complex,
};

/* ---------------------------------------------------------------- device functions */

static Val device_call(Sema *S, Func *f, Args *A) {
  Node *call = A->call;
  if (f->is_kernel) {
    diag_error(S->c, call->loc,
               "cannot call kernel '%s' from a kernel or device function; only "
               "functions decorated @jit.rawkernel(device=True) can be called",
               f->name);
    return val_error();
  }
  Node *params[MAXARGS];
  int np = 0;
  for (Node *p = f->def->params; p && np < MAXARGS; p = p->next)
    params[np++] = p;
  Node *slot[MAXARGS] = {0};
  if (A->npos > np) {
    diag_error(S->c, call->loc, "%s() takes %d argument%s, got %d", f->name, np,
               np == 1 ? "" : "s", A->npos + A->nkw);
    return val_error();
  }
  for (int i = 0; i < A->npos; i++)
    slot[i] = A->pos[i];
  for (int k = 0; k < A->nkw; k++) {
    int i = 0;
    while (i < np && params[i]->name != A->kwname[k])
      i++;
    if (i == np) {
      diag_error(S->c, A->kwloc[k], "%s() has no parameter named '%s'", f->name, A->kwname[k]);
      return val_error();
    }
    if (slot[i]) {
      diag_error(S->c, A->kwloc[k], "%s() got multiple values for argument '%s'", f->name,
                 A->kwname[k]);
      return val_error();
    }
    slot[i] = A->kw[k];
  }
  Node *args[MAXARGS];
  Type *types[MAXARGS];
  bool bad = false;
  for (int i = 0; i < np; i++) {
    Node *nd = slot[i] ? slot[i] : params[i]->rhs;
    if (!nd) {
      diag_error(S->c, call->loc, "%s() missing argument '%s'", f->name, params[i]->name);
      return val_error();
    }
    args[i] = settle(S, sema_rvalue(S, nd));
    if (sema_is_error(args[i]))
      bad = true;
    else if (args[i]->ty->kind == TY_VOID) {
      diag_error(S->c, nd->loc, "argument '%s' of %s() has no value", params[i]->name, f->name);
      bad = true;
    }
    types[i] = args[i]->ty;
  }
  if (bad)
    return val_error();
  Spec *sp = sema_device_spec(S, f, types, np, call->loc);
  if (!sp || sp->failed) /* its own errors are reported: nothing more here */
    return val_error();
  Node *n = sema_mk(S, IR_CALL, call->loc, sp->ret);
  n->callee = sp;
  for (int i = 0; i < np; i++)
    add_arg(n, args[i]);
  return val_expr(n);
}

/* ---------------------------------------------------------------- entry points */

Val sema_call(Sema *S, Node *call) {
  /* z.conj(), z.conjugate(): NumPy's scalar methods (cupyx has none) */
  if (call->lhs->kind == ND_ATTR && !call->args &&
      (!strcmp(call->lhs->name, "conj") || !strcmp(call->lhs->name, "conjugate"))) {
    Val base = sema_expr(S, call->lhs->lhs);
    if (base.kind == VAL_ERROR)
      return base;
    if (base.kind == VAL_EXPR && ty_is_scalar(base.n->ty))
      return val_expr(sema_complex_part(S, BI_CONJ, base.n, NULL, call->loc));
  }
  Val f = sema_expr(S, call->lhs);
  if (f.kind == VAL_ERROR)
    return f;
  if (f.kind == VAL_FUNC && f.fn->is_factory)
    return sema_factory_call(S, f.fn, call);
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!collect(S, call, A))
    return val_error();
  if (f.kind == VAL_FUNC)
    return device_call(S, f.fn, A);
  if (f.kind == VAL_BUILTIN && f.dtype_obj) {
    diag_error(S->c, call->loc, "a dtype object (np.dtype(T)) is not callable; call its "
               ".type: np.dtype(T).type(...)");
    return val_error();
  }
  if (f.kind == VAL_BUILTIN) {
    const Builtin *b = f.bi;
    A->module = f.module;
    if (handlers[b->rule])
      return handlers[b->rule](S, b, A);
  }
  diag_error(S->c, call->loc, "'%s' is not callable", A->fname);
  return val_error();
}

/* The builtin a callee expression names, without reporting anything. */
static const Builtin *quiet_callee(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME) {
    if (S->fs && sema_lookup_var(S, nd->name))
      return NULL;
    Sym *s = sema_lookup_sym(S, nd->name);
    if (s)
      return s->kind == SYM_BUILTIN ? s->bi : NULL;
    return builtin_lookup("builtins", nd->name);
  }
  if (nd->kind == ND_ATTR && nd->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, nd->lhs->name);
    if (s && s->kind == SYM_MODULE && strcmp(s->module, "cupyx"))
      return builtin_lookup(s->module, nd->name);
    if (s && s->kind == SYM_BUILTIN && s->bi->kind == BK_THREAD_IDX)
      return NULL;
  }
  if (nd->kind == ND_ATTR && nd->lhs->kind == ND_ATTR && nd->lhs->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, nd->lhs->lhs->name);
    if (s && s->kind == SYM_MODULE && !strcmp(s->module, "cupyx") && !strcmp(nd->lhs->name, "jit"))
      return builtin_lookup("jit", nd->name);
  }
  return NULL;
}

bool sema_is_builtin_call(Sema *S, Node *nd, int id) {
  if (!nd || nd->kind != ND_CALL)
    return false;
  const Builtin *b = quiet_callee(S, nd->lhs);
  return b && b->id == id;
}

Node *sema_print(Sema *S, Node *call) {
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!collect(S, call, A))
    return NULL;
  bool used[MAXKW] = {0};
  Node *sepnd = arg(S, A, -1, "sep", used), *endnd = arg(S, A, -1, "end", used);
  if (!no_other_kw(S, A, used))
    return NULL;
  const char *sep = " ", *end = "\n";
  size_t seplen = 1, endlen = 1;
  if (sepnd && (sepnd->kind != ND_STR || !(sep = sema_str_literal(S, sepnd, &seplen)))) {
    if (sepnd->kind != ND_STR)
      diag_error(S->c, sepnd->loc, "print() sep must be a string literal");
    return NULL;
  }
  if (endnd && (endnd->kind != ND_STR || !(end = sema_str_literal(S, endnd, &endlen)))) {
    if (endnd->kind != ND_STR)
      diag_error(S->c, endnd->loc, "print() end must be a string literal");
    return NULL;
  }
  Buf fmt = {0};
  Node *out = sema_mk(S, IR_PRINT, call->loc, NULL);
  bool ok = true;
  for (int i = 0; i < A->npos && ok; i++) {
    const char *text = i ? sep : NULL;
    size_t tlen = seplen;
    for (int pass = 0; pass < 2; pass++) {
      if (pass == 1) {
        if (A->pos[i]->kind != ND_STR)
          break;
        text = sema_str_literal(S, A->pos[i], &tlen);
        if (!text) {
          ok = false;
          break;
        }
      }
      for (size_t j = 0; text && j < tlen; j++) {
        if (text[j] == '%')
          buf_putc(&fmt, '%');
        buf_putc(&fmt, text[j]);
      }
    }
    if (!ok || A->pos[i]->kind == ND_STR)
      continue;
    Node *e = scalar_arg(S, A, A->pos[i], i);
    if (sema_is_error(e)) {
      ok = false;
      break;
    }
    static const char *const spec[TY_NSCALAR] = {
      [TY_BOOL] = "%s", [TY_INT8] = "%d", [TY_UINT8] = "%d", [TY_INT16] = "%d",
      [TY_UINT16] = "%d", [TY_INT32] = "%d", [TY_UINT32] = "%u", [TY_INT64] = "%lld",
      [TY_UINT64] = "%llu", [TY_FLOAT16] = "%g", [TY_FLOAT32] = "%g", [TY_FLOAT64] = "%g",
      [TY_COMPLEX64] = "(%g%+gj)", [TY_COMPLEX128] = "(%g%+gj)"};
    TypeKind k = e->ty->kind;
    if (type_is_complex(k)) { /* Python's (re+imj), each part as a float */
      if (!ir_pure(e)) {
        diag_error(S->c, e->loc, "print() of a complex expression with side effects: assign "
                   "it to a variable first");
        ok = false;
        break;
      }
      buf_puts(&fmt, spec[k]);
      for (int part = BI_REAL; part <= BI_IMAG; part++) {
        Node *p = sema_complex_part(S, part, e, NULL, e->loc);
        out->args = ast_append(out->args, sema_convert(S, p, T(TY_FLOAT64)));
        out->nargs++;
      }
      continue;
    }
    if (!spec[k]) {
      diag_error(S->c, e->loc, "print() of %s values is not supported", ty_str(S->c, e->ty));
      ok = false;
      break;
    }
    Type *as = ty_is_float(e->ty) ? T(TY_FLOAT64) : dtype_info[k].size < 4 && k != TY_BOOL ? T(TY_INT32) : e->ty;
    buf_puts(&fmt, spec[k]);
    out->args = ast_append(out->args, sema_convert(S, e, as));
    out->nargs++;
  }
  for (size_t j = 0; j < endlen; j++) {
    if (end[j] == '%')
      buf_putc(&fmt, '%');
    buf_putc(&fmt, end[j]);
  }
  out->str = sema_c_string(S, fmt.data ? fmt.data : "", fmt.len, false);
  buf_free(&fmt);
  return ok ? out : NULL;
}

/* Limits known at compile time: a block's static shared memory (48 KiB) and a thread's
   local memory (512 KiB), per allocation and summed over the function's allocations. */
enum { SMEM_STATIC_MAX = 49152, LMEM_MAX = 512 * 1024 };

static void check_memory_limits(Sema *S, bool shared, Type *elem, int64_t size, Loc loc,
                        const char *fname) {
  FnState *fs = S->fs;
  int64_t esz = dtype_info[elem->kind].size, max = shared ? SMEM_STATIC_MAX : LMEM_MAX;
  int64_t *total = shared ? &fs->smem_bytes : &fs->lmem_bytes;
  const char *what = shared ? "static shared memory" : "local memory";
  const char *per = shared ? "a block" : "a thread";
  const char *hint = shared ? "; use dynamic shared memory (shared_memory(dtype, None)) and "
                              "--shared-mem" : "";
  if (size > max / esz) {
    diag_error(S->c, loc, "%s(%s, %lld) is %s bytes of %s, more than the %lld %s can have%s",
               fname, ty_str(S->c, elem), (long long)size,
               arena_printf(&S->c->arena, "%.0f", (double)size * (double)esz), what,
               (long long)max, per, hint);
    return;
  }
  int64_t before = *total;
  *total += size * esz;
  if (before <= max && *total > max)
    diag_error(S->c, loc, "%s of %s '%s' is %lld bytes, more than the %lld %s can have%s",
               what, fs->fn->is_kernel ? "kernel" : "function", fs->fn->name,
               (long long)*total, (long long)max, per, hint);
}

Node *sema_memory_decl(Sema *S, Node *call, const char *name, Loc loc) {
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!collect(S, call, A))
    return NULL;
  bool shared = sema_is_builtin_call(S, call, BI_SHARED_MEMORY);
  bool used[MAXKW] = {0};
  Node *dnd = arg(S, A, 0, "dtype", used), *snd = arg(S, A, 1, "size", used);
  Node *and_ = shared ? arg(S, A, 2, "alignment", used) : NULL;
  if (!no_other_kw(S, A, used))
    return NULL;
  if (!dnd || !snd || A->npos > (shared ? 3 : 2)) {
    diag_error(S->c, call->loc, "%s() takes (dtype, size%s)", A->fname,
               shared ? "[, alignment]" : "");
    return NULL;
  }
  Val dv = sema_expr(S, dnd);
  if (dv.kind == VAL_ERROR)
    return NULL;
  Type *elem = sema_dtype_of(S, dv);
  if (!elem) {
    diag_error(S->c, dnd->loc, "the first argument of %s() must be a dtype such as cp.float32",
               A->fname);
    return NULL;
  }
  int64_t size = -1;
  Val sv = sema_expr(S, snd);
  if (sv.kind == VAL_ERROR)
    return NULL;
  if (sv.kind == VAL_NONE && !shared) {
    diag_error(S->c, snd->loc, "the size of %s() must be a positive integer constant", A->fname);
    return NULL;
  }
  if (sv.kind != VAL_NONE) {
    Node *s = sema_value_of(S, sv, snd);
    if (sema_is_error(s))
      return NULL;
    if (!sema_const_i64(s, &size) || size <= 0) {
      diag_error(S->c, snd->loc, "the size of %s() must be a positive integer constant%s",
                 A->fname, shared ? " or None" : "");
      return NULL;
    }
  }
  int64_t align = 0;
  if (and_) {
    Val av = sema_expr(S, and_);
    if (av.kind == VAL_ERROR)
      return NULL;
    if (av.kind != VAL_NONE) {
      Node *a = sema_value_of(S, av, and_);
      if (sema_is_error(a))
        return NULL;
      if (!sema_const_i64(a, &align) || align <= 0 || (align & (align - 1))) {
        diag_error(S->c, and_->loc, "alignment must be a power-of-two integer constant or None");
        return NULL;
      }
    }
  }
  if (size > 0) /* over a limit: reported, the name still declared (no cascade) */
    check_memory_limits(S, shared, elem, size, snd->loc, A->fname);
  if (sema_lookup_var(S, name)) {
    diag_error(S->c, loc, "'%s' is already a variable; %s() needs a new name", name, A->fname);
    return NULL;
  }
  Var *v = sema_new_var(S, name, ty_ptr(S->c, elem), loc);
  v->is_shared = true;
  Node *n = sema_mk(S, shared ? IR_SHARED : IR_LOCALMEM, call->loc, NULL);
  n->var = v;
  n->ival = size;
  n->align = (int)align;
  return n;
}
