/*
 * sema_ops.c: operators -> typed IR, with the promotion rules of docs/language.md §2.
 *
 * Arithmetic promotion (cupyx's rules in mode='cuda', numpy.result_type in mode='numpy'),
 * binary and unary operators, comparisons and their chains, `and`/`or`, `x if c else y`
 * (with the statements a conditionally evaluated operand hoists), and the ufuncs that
 * are operators called by name (cp.add, cp.less, cp.logical_not). Constants are folded
 * by sema_fold.c. An expression with an error gets the error type; operations on it
 * report nothing more.
 */
#include "sema_int.h"
#include "types/ufunc.h"

#include <string.h>

#define T(k) ty_scalar(k)

/* ---------------------------------------------------------------- promotion */

Type *sema_promote(Sema *S, Node *a, Node *b) {
  TypeKind ta = a->ty->kind, tb = b->ty->kind;
  if (sema_cur_mode(S) == MODE_CUDA)
    return T(ta > tb ? ta : tb);
  /* mode='numpy': cupyx types Python scalars as int64/float64 (strong) and picks the
     first ufunc loop both reach by numpy.can_cast, i.e. numpy.result_type */
  return T(type_result(ta, tb));
}

/* np.NAME of constants: cupyx calls NumPy at compile time, which gives a numpy scalar
   (np.sqrt(2) is np.float64 1.4142135623730951, typed float64). The arguments take
   NumPy's types (Python int -> int64, float -> float64, weak next to a numpy scalar as
   NEP 50 says) into xs, and the loop is chosen by NumPy's safe casting. */
bool sema_numpy_constants(Sema *S, const char *module, Node **raw, Node **xs, int n) {
  if (!module || strcmp(module, "numpy"))
    return false;
  Type *strong = NULL;
  for (int i = 0; i < n; i++) {
    if (!sema_is_const(raw[i]))
      return false;
    if (!raw[i]->weak && (!strong || raw[i]->ty->kind > strong->kind))
      strong = raw[i]->ty;
  }
  for (int i = 0; i < n; i++) {
    if (!raw[i]->weak) {
      xs[i] = raw[i];
      continue;
    }
    TypeKind k = raw[i]->ty->kind;
    PyKind w = type_py_kind(k);
    TypeKind to = strong ? type_weak_result(w, strong->kind) /* NEP 50 */
                  : type_py_scalar(w, false, k == TY_UINT64 ? raw[i]->uval : 0, MODE_NUMPY);
    xs[i] = sema_convert(S, raw[i], T(to));
  }
  return true;
}

static bool check_scalar_operands(Sema *S, const char *opname, Node *a, Node *b, Loc loc) {
  if (ty_is_scalar(a->ty) && (!b || ty_is_scalar(b->ty)))
    return true;
  if (b)
    diag_error(S->c, loc, "unsupported operand types for %s: %s and %s", opname,
               ty_str(S->c, a->ty), ty_str(S->c, b->ty));
  else
    diag_error(S->c, loc, "unsupported operand type for unary %s: %s", opname,
               ty_str(S->c, a->ty));
  return false;
}

Type *sema_binop_type(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return T(TY_ERROR);
  if (op == OP_MATMUL) {
    diag_error(S->c, loc, "the '@' operator is not supported");
    return T(TY_ERROR);
  }
  if (!check_scalar_operands(S, op_spelling[op], a, b, loc))
    return T(TY_ERROR);
  Type *t = sema_promote(S, a, b);
  const UFunc *u = ufunc_of_op[op] ? ufunc_find(ufunc_of_op[op]) : NULL;
  if (type_is_complex(t->kind) && !(u && ufunc_takes(u, type_is_complex))) {
    /* CuPy's ufunc has no complex loop (types/ufunc.c) */
    diag_error(S->c, loc, "unsupported operand types for %s: %s and %s (no complex loop)",
               op_spelling[op], ty_str(S->c, a->ty), ty_str(S->c, b->ty));
    return T(TY_ERROR);
  }
  switch (op) {
  case OP_DIV:
    return ty_is_float(t) || type_is_complex(t->kind) ? t : T(TY_FLOAT64);
  case OP_FLOORDIV:
  case OP_MOD:
  case OP_POW:
    return t->kind == TY_BOOL ? T(TY_INT8) : t;
  case OP_LSHIFT:
  case OP_RSHIFT:
  case OP_BITAND:
  case OP_BITOR:
  case OP_BITXOR:
    if (ty_is_float(t)) {
      diag_error(S->c, loc, "unsupported operand types for %s: %s and %s (integers only)",
                 op_spelling[op], ty_str(S->c, a->ty), ty_str(S->c, b->ty));
      return T(TY_ERROR);
    }
    return t->kind == TY_BOOL && (op == OP_LSHIFT || op == OP_RSHIFT) ? T(TY_INT8) : t;
  default:
    return t;
  }
}

/* ---------------------------------------------------------------- binary operators */

Node *sema_binop(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (S->host && sema_is_const(a) && sema_is_const(b) && a->weak != b->weak) {
    Node *raw[2] = {a, b}, *xs[2]; /* host code: NEP 50, np.float32(1) / 3 is float32 */
    sema_numpy_constants(S, "numpy", raw, xs, 2);
    a = xs[0];
    b = xs[1];
  }
  if (!sema_is_error(a) && !sema_is_error(b) &&
      (a->ty->kind == TY_ITER || a->ty->kind == TY_PTR || b->ty->kind == TY_ITER ||
       b->ty->kind == TY_PTR))
    return sema_thrust_binop(S, op, a, b, loc);    /* thrust's iterators, memory + n */
  Type *t = sema_binop_type(S, op, a, b, loc);
  if (t->kind == TY_ERROR)
    return sema_error_node(S, loc);
  if (sema_is_const(a) && sema_is_const(b) && a->weak && b->weak) {
    Node *f = sema_fold_py(S, op, a, b, loc);
    if (f)
      return f;
  }
  a = sema_convert(S, a, t);
  b = sema_convert(S, b, t);
  if (sema_is_const(a) && sema_is_const(b)) {
    Node *f = sema_fold_typed(S, op, t, a, b, loc);
    if (f)
      return f;
  }
  Node *n = sema_mk(S, IR_BINOP, loc, t);
  n->cty = t;
  n->op = op;
  n->lhs = a;
  n->rhs = b;
  return n;
}

/* ---------------------------------------------------------------- comparisons */

/* The computation type of a comparison: exact between integers (*mixed64: int64 vs
   uint64, compared with the operands' own types, cty uint64, see IR_COMPARE); cupyx's
   loop type when a float is involved. */
static Type *compare_type(Sema *S, Node *a, Node *b, bool *mixed64) {
  TypeKind ta = a->ty->kind, tb = b->ty->kind;
  const DtypeInfo *da = &dtype_info[ta], *db = &dtype_info[tb];
  *mixed64 = false;
  if (ta == tb)
    return T(ta);
  if (da->is_float && db->is_float)
    return T(ta > tb ? ta : tb);
  if (da->is_complex || db->is_complex) /* equal/not_equal's FF->? DD->? loops */
    return sema_promote(S, a, b);
  /* an integer or bool against a float: cupyx's comparison ufuncs (loops ?? qq qQ Qq QQ ee ff
     dd) take the first float loop both sides reach, i.e. the float's own type in
     mode='cuda' (int64 < float16 compares in float16) and numpy.result_type in
     mode='numpy' (int32 < float32 compares in float64) */
  if (da->is_float || db->is_float)
    return sema_promote(S, a, b);
  if (ta == TY_BOOL || tb == TY_BOOL)
    return T(ta == TY_BOOL ? tb : ta);
  if (da->is_signed == db->is_signed)
    return T(ta > tb ? ta : tb);
  Node *s = da->is_signed ? a : b, *u = da->is_signed ? b : a;
  if (dtype_info[s->ty->kind].size > dtype_info[u->ty->kind].size)
    return s->ty;
  /* a constant that the other side's type holds exactly: compare in that type */
  if (sema_is_const(s) && s->ival >= 0 && (__int128)sema_wrap_int(u->ty->kind, s->ival) == s->ival)
    return u->ty;
  if (sema_is_const(u) && u->uval <= INT32_MAX &&
      (__int128)sema_wrap_int(s->ty->kind, (__int128)u->uval) == (__int128)u->uval)
    return s->ty;
  if (dtype_info[u->ty->kind].size < 8)
    return T(TY_INT64);
  if (sema_is_const(s) && s->ival >= 0)
    return T(TY_UINT64);
  if (sema_is_const(u) && u->uval <= INT64_MAX)
    return T(TY_INT64);
  *mixed64 = true;
  return T(TY_UINT64);
}

static bool const_compare(Op op, Node *a, Node *b) {
  int c;
  if (sema_is_cconst(a) || sema_is_cconst(b)) { /* == and != only (compare_one) */
    double ar = sema_const_f64(a), br = sema_const_f64(b);
    double ai = sema_is_cconst(a) ? a->fimag : 0, bi = sema_is_cconst(b) ? b->fimag : 0;
    bool eq = ar == br && ai == bi;
    return op == OP_EQ ? eq : !eq;
  }
  if (sema_is_fconst(a) || sema_is_fconst(b)) {
    double x = sema_const_f64(a), y = sema_const_f64(b);
    if (x != x || y != y)
      return op == OP_NE;
    c = x < y ? -1 : x > y;
  } else {
    __int128 x = sema_const_i128(a), y = sema_const_i128(b);
    c = x < y ? -1 : x > y;
  }
  switch (op) {
  case OP_EQ: return c == 0;
  case OP_NE: return c != 0;
  case OP_LT: return c < 0;
  case OP_LE: return c <= 0;
  case OP_GT: return c > 0;
  default: return c >= 0;
  }
}

static Node *compare_one(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return sema_error_node(S, loc);
  if (!check_scalar_operands(S, op_spelling[op], a, b, loc))
    return sema_error_node(S, loc);
  if (op != OP_EQ && op != OP_NE &&
      (type_is_complex(a->ty->kind) || type_is_complex(b->ty->kind))) {
    /* cupyx.jit's < <= > >= are ufuncs made without complex loops (as Python, which
       orders no complex); min/max and cp.minimum/maximum do order complex values */
    diag_error(S->c, loc, "unsupported operand types for %s: %s and %s (no complex loop: "
               "cupyx does not order complex values, nor does Python)",
               op_spelling[op], ty_str(S->c, a->ty), ty_str(S->c, b->ty));
    return sema_error_node(S, loc);
  }
  if (sema_is_const(a) && sema_is_const(b)) {
    if (a->weak && b->weak)
      return sema_py_bool(S, loc, const_compare(op, a, b));
    Node *r = sema_const_int(S, loc, T(TY_BOOL), const_compare(op, a, b));
    return r;
  }
  bool mixed;
  Type *t = compare_type(S, a, b, &mixed);
  Node *n = sema_mk(S, IR_COMPARE, loc, T(TY_BOOL));
  n->op = op;
  n->cty = t;
  n->lhs = mixed ? a : sema_convert(S, a, t);
  n->rhs = mixed ? b : sema_convert(S, b, t);
  return n;
}

static Node *logic(Sema *S, Op op, Node *a, Node *b, Loc loc) {
  if (sema_is_error(a) || sema_is_error(b))
    return sema_error_node(S, loc);
  if (sema_is_const(a) && sema_is_const(b)) {
    bool x = sema_const_truth(a), y = sema_const_truth(b);
    return sema_py_bool(S, loc, op == OP_AND ? x && y : x || y);
  }
  Node *n = sema_mk(S, IR_LOGIC, loc, T(TY_BOOL));
  n->op = op;
  n->lhs = sema_convert(S, a, T(TY_BOOL));
  n->rhs = sema_convert(S, b, T(TY_BOOL));
  return n;
}

/* ---- conditional evaluation with hoisted statements
   Some expressions need statements before the current one (FnState.pre): a chained
   comparison keeps its middle operands in temporaries. Python evaluates operands left
   to right and skips the rest of `and`/`or`, of a chain, and the other branch of
   `x if c else y`, so once an operand needs statements, the whole construct becomes
   statements too: its result goes to a temporary, and the statements that belong to a
   conditionally evaluated operand go under an IR_IF (`if i < n and 0 < x[i] < 9`
   must not read x[i] when i >= n). */

/* Duplicating it is the same as evaluating it once. */
static bool simple(const Node *e) {
  return sema_is_error(e) || e->kind == IR_CONST || e->kind == IR_VAR;
}

static Node *var_node(Sema *S, Var *v, Loc loc) {
  Node *n = sema_mk(S, IR_VAR, loc, v->ty);
  n->var = v;
  return n;
}

static Node *assign_node(Sema *S, Var *v, Node *rhs) {
  Node *as = sema_mk(S, IR_ASSIGN, rhs->loc, NULL);
  as->lhs = var_node(S, v, rhs->loc);
  as->rhs = rhs;
  return as;
}

static void list_append(List *l, List more) {
  for (Node *n = more.head, *next; n; n = next) {
    next = n->next;
    sema_list_add(l, n);
  }
}

/* Evaluates an operand with its own hoisted statements in *pre (S->fs->pre untouched). */
static Node *operand_with_pre(Sema *S, Node *nd, List *pre, bool as_bool) {
  List saved = S->fs ? S->fs->pre : (List){0};
  if (S->fs)
    S->fs->pre = (List){0};
  Node *e = sema_rvalue(S, nd);
  if (as_bool)
    e = sema_to_bool(S, e);
  *pre = S->fs ? S->fs->pre : (List){0};
  if (S->fs)
    S->fs->pre = saved;
  return e;
}

/* `if cond: body` as a statement into l; returns the body's list to fill. */
static Node *add_if(Sema *S, List *l, Node *cond, Loc loc) {
  Node *iff = sema_mk(S, IR_IF, loc, NULL);
  iff->cond = cond;
  iff->then = sema_mk(S, IR_BLOCK, loc, NULL);
  sema_list_add(l, iff);
  return iff;
}

static Node *not_node(Sema *S, Node *e) {
  Node *n = sema_mk(S, IR_UNARY, e->loc, T(TY_BOOL));
  n->op = OP_NOT;
  n->lhs = e;
  n->cty = n->ty;
  return n;
}

static void block_set(Node *block, List l) { block->body = l.head; }

enum { MAXCHAIN = 64 };

static Node *compare_ops(Sema *S, const Op *cmp, int n, Node **ops, List *pre, Loc loc);

Node *sema_compare_chain(Sema *S, Node *nd) {
  int n = ast_count(nd->args) - 1;
  Node *operand = nd->args;
  Node *none = sema_none_compare(S, nd);
  if (none)
    return none;
  Node *str = sema_str_compare(S, nd);
  if (str)
    return str;
  for (int i = 0; i < n; i++)
    if (nd->ops[i] == OP_IS || nd->ops[i] == OP_ISNOT || nd->ops[i] == OP_IN ||
        nd->ops[i] == OP_NOTIN) {
      diag_error(S->c, nd->loc, "the '%s' operator is not supported%s", op_spelling[nd->ops[i]],
                 nd->ops[i] == OP_IS || nd->ops[i] == OP_ISNOT ? "; compare values with '=='" : "");
      return sema_error_node(S, nd->loc);
    }
  if (n >= MAXCHAIN) {
    diag_error(S->c, nd->loc, "comparison chain too long");
    return sema_error_node(S, nd->loc);
  }
  Node *ops[MAXCHAIN + 1];
  List pre[MAXCHAIN + 1];
  for (int i = 0; i <= n; i++, operand = operand->next)
    ops[i] = operand_with_pre(S, operand, &pre[i], false);
  return compare_ops(S, nd->ops, n, ops, pre, nd->loc);
}

/* The chain ops[0] cmp[0] ops[1] cmp[1] ... ops[n] of evaluated operands, each with the
   statements its evaluation hoisted (pre[i]). */
static Node *compare_ops(Sema *S, const Op *cmp, int n, Node **ops, List *pre, Loc loc) {
  bool general = false, bad = false;
  for (int i = 0; i <= n; i++) {
    bad = bad || sema_is_error(ops[i]);
    general = general || (i > 0 && pre[i].head) || (i > 0 && i < n && !simple(ops[i]));
  }
  if (S->fs)
    list_append(&S->fs->pre, pre[0]);
  if (bad)
    return sema_error_node(S, loc);
  if (!general || !S->fs) { /* (a < b) && (b < c): b is a variable or a constant */
    Node *result = NULL;
    for (int i = 0; i < n; i++) {
      Node *c = compare_one(S, cmp[i], ops[i], ops[i + 1], loc);
      result = result ? logic(S, OP_AND, result, c, loc) : c;
    }
    return result;
  }
  /* r = a < b; if r: r = b < c; if r: ...  with a and the middle operands in temporaries */
  Var *r = sema_new_temp(S, T(TY_BOOL), loc);
  List *out = &S->fs->pre, body = {0};
  Node *iff = NULL;
  Node *left = ops[0];
  if (!simple(left)) {
    Var *t = sema_new_temp(S, sema_convert(S, left, left->ty)->ty, left->loc);
    sema_list_add(out, assign_node(S, t, sema_convert(S, left, t->ty)));
    left = var_node(S, t, left->loc);
  }
  for (int i = 0; i < n; i++) {
    List *cur = iff ? &body : out;
    list_append(cur, pre[i + 1]);
    Node *right = ops[i + 1];
    if (i < n - 1 && !simple(right)) {
      Var *t = sema_new_temp(S, sema_convert(S, right, right->ty)->ty, right->loc);
      sema_list_add(cur, assign_node(S, t, sema_convert(S, right, t->ty)));
      right = var_node(S, t, right->loc);
    }
    Node *c = compare_one(S, cmp[i], left, right, loc);
    if (sema_is_error(c))
      return c;
    sema_list_add(cur, assign_node(S, r, sema_convert(S, c, T(TY_BOOL))));
    if (i < n - 1) {
      Node *next = add_if(S, cur, var_node(S, r, loc), loc);
      if (iff)
        block_set(iff->then, body);
      iff = next;
      body = (List){0};
    }
    left = right;
  }
  if (iff)
    block_set(iff->then, body);
  return var_node(S, r, loc);
}

/* `r and e` / `r or e` (bool operands), where e's evaluation hoisted the statements pre:
   they then run only when e is evaluated. */
static Node *bool_step(Sema *S, Op op, Node *r, Node *e, List pre, Loc loc) {
  if (!pre.head || sema_is_error(r) || sema_is_error(e))
    return logic(S, op, r, e, loc);
  /* t = r; if t (and) / if not t (or): pre; t = e */
  Var *t = sema_new_temp(S, T(TY_BOOL), loc);
  sema_list_add(&S->fs->pre, assign_node(S, t, sema_convert(S, r, T(TY_BOOL))));
  Node *tv = var_node(S, t, loc);
  Node *iff = add_if(S, &S->fs->pre, op == OP_AND ? tv : not_node(S, tv), loc);
  List body = pre;
  sema_list_add(&body, assign_node(S, t, sema_convert(S, e, T(TY_BOOL))));
  block_set(iff->then, body);
  return var_node(S, t, loc);
}

/* a and b and ...: an operand with hoisted statements makes the rest statements. */
Node *sema_bool_chain(Sema *S, Node *nd) {
  Node *r = NULL;
  for (Node *a = nd->args; a; a = a->next) {
    List pre;
    Node *e = operand_with_pre(S, a, &pre, true);
    if (!r) {
      if (S->fs)
        list_append(&S->fs->pre, pre);
      r = e;
      continue;
    }
    r = bool_step(S, nd->op, r, e, pre, nd->loc);
  }
  return r;
}

/* ---------------------------------------------------------------- unary, ifexp */

Node *sema_unary_expr(Sema *S, Node *nd) {
  return sema_unary(S, nd->op, sema_rvalue(S, nd->lhs), nd->loc);
}

Node *sema_unary(Sema *S, Op op, Node *a, Loc loc) {
  if (sema_is_error(a))
    return a;
  if (op == OP_NOT) {
    Node *b = sema_to_bool(S, a);
    if (sema_is_error(b))
      return b;
    if (sema_is_const(b))
      return sema_py_bool(S, loc, !sema_const_truth(b));
    Node *n = sema_mk(S, IR_UNARY, loc, T(TY_BOOL));
    n->op = OP_NOT;
    n->lhs = b;
    n->cty = n->ty;
    return n;
  }
  if (!check_scalar_operands(S, op_spelling[op], a, NULL, loc))
    return sema_error_node(S, loc);
  if (op == OP_POS)
    return a;
  if (op == OP_INVERT && (ty_is_float(a->ty) || type_is_complex(a->ty->kind))) {
    diag_error(S->c, loc, "unsupported operand type for unary ~: %s (integers only)",
               ty_str(S->c, a->ty));
    return sema_error_node(S, loc);
  }
  if (sema_is_const(a) && a->weak) {
    if (sema_is_cconst(a))
      return sema_py_complex(S, loc, -a->fval, -a->fimag);
    if (sema_is_fconst(a))
      return sema_py_float(S, loc, -a->fval);
    __int128 v = sema_const_i128(a);
    return sema_py_int(S, loc, op == OP_NEG ? -v : ~v);
  }
  if (sema_is_const(a) && !type_is_small(a->ty->kind) && a->ty->kind != TY_BOOL) {
    TypeKind k = a->ty->kind;
    if (dtype_info[k].is_int)
      return sema_const_int(S, loc, a->ty,
                            sema_wrap_int(k, op == OP_NEG ? -(__int128)a->uval : ~(__int128)a->uval));
    if (k == TY_FLOAT32 || k == TY_FLOAT64)
      return sema_const_float(S, loc, a->ty, -a->fval);
  }
  Node *n = sema_mk(S, IR_UNARY, loc, a->ty);
  n->op = a->ty->kind == TY_BOOL && op == OP_INVERT ? OP_NOT : op;
  n->lhs = a;
  n->cty = a->ty;
  return n;
}

Node *sema_ifexp(Sema *S, Node *nd) {
  Node *c = sema_to_bool(S, sema_rvalue(S, nd->cond));
  List px, py;
  Node *x = operand_with_pre(S, nd->then, &px, false);
  Node *y = operand_with_pre(S, nd->els, &py, false);
  if (sema_is_error(c) || sema_is_error(x) || sema_is_error(y))
    return sema_error_node(S, nd->loc);
  Type *t;
  if (ty_is_scalar(x->ty) && ty_is_scalar(y->ty)) {
    if (x->weak && !y->weak)
      t = y->ty;
    else if (y->weak && !x->weak)
      t = x->ty;
    else
      t = sema_promote(S, x, y);
  } else if (ty_equal(x->ty, y->ty)) {
    t = x->ty;
  } else {
    diag_error(S->c, nd->loc, "the branches of a conditional expression have types %s and %s",
               ty_str(S->c, x->ty), ty_str(S->c, y->ty));
    return sema_error_node(S, nd->loc);
  }
  if (sema_is_const(c)) {
    if (S->fs)
      list_append(&S->fs->pre, sema_const_truth(c) ? px : py);
    return sema_const_truth(c) ? (x->weak && y->weak ? x : sema_convert(S, x, t))
                               : (x->weak && y->weak ? y : sema_convert(S, y, t));
  }
  if (px.head || py.head) { /* if c: px; r = x  else: py; r = y */
    Var *r = sema_new_temp(S, t, nd->loc);
    Node *iff = add_if(S, &S->fs->pre, c, nd->loc);
    sema_list_add(&px, assign_node(S, r, sema_convert(S, x, t)));
    sema_list_add(&py, assign_node(S, r, sema_convert(S, y, t)));
    block_set(iff->then, px);
    iff->els = sema_mk(S, IR_BLOCK, nd->loc, NULL);
    block_set(iff->els, py);
    return var_node(S, r, nd->loc);
  }
  Node *n = sema_mk(S, IR_SELECT, nd->loc, t);
  n->cond = c;
  n->then = sema_convert(S, x, t);
  n->els = sema_convert(S, y, t);
  return n;
}

/* ---------------------------------------------------------------- ufuncs called by name */

/* The mode promotion follows (fs's, or the options' at module level). */
static Mode *mode_slot(Sema *S) { return S->fs ? &S->fs->mode : &S->c->opt.mode; }

/* CuPy's loops refuse some of what pykc's operators take (types/ufunc.c's table): the
   boolean loops that are CuPy's error_func (subtract, negative, positive), floats where a
   ufunc has no float loop (the bitwise ones), complex numbers where it has no complex
   loop (cp.multiply(z, w) and cp.power(z, 2) have theirs, as z * w and z ** 2). */
static bool ufunc_refuses(Sema *S, const UFunc *u, Op op, Node **xs, int n, const char *fname,
                          Loc loc) {
  bool all_bool = true, any_float = false;
  for (int i = 0; i < n; i++) {
    if (!ty_is_scalar(xs[i]->ty) ||
        (dtype_info[xs[i]->ty->kind].is_complex && !ufunc_takes(u, type_is_complex))) {
      diag_error(S->c, xs[i]->loc, "argument %d of %s() must be a real scalar, got %s", i + 1,
                 fname, ty_str(S->c, xs[i]->ty));
      return true;
    }
    all_bool = all_bool && xs[i]->ty->kind == TY_BOOL;
    any_float = any_float || ty_is_float(xs[i]->ty);
  }
  if (all_bool && u->bool_error) {
    diag_error(S->c, loc, "%s() of %s is not supported (CuPy refuses it); use %s", fname,
               n == 1 ? "a boolean" : "booleans",
               op == OP_SUB ? "cp.bitwise_xor or cp.logical_xor"
               : op == OP_NEG ? "cp.logical_not" : "the value itself");
    return true;
  }
  if (any_float && !ufunc_takes(u, type_is_float)) {
    if (n == 1)
      diag_error(S->c, loc, "%s() does not support %s (integers and booleans only)", fname,
                 ty_str(S->c, xs[0]->ty));
    else
      diag_error(S->c, loc, "%s() does not support (%s, %s) (integers and booleans only)",
                 fname, ty_str(S->c, xs[0]->ty), ty_str(S->c, xs[1]->ty));
    return true;
  }
  return false;
}

Node *sema_ufunc_op(Sema *S, const UFunc *u, Op op, bool truth, Node **args, int n,
                    const char *module, const char *fname, Type *dtype, Loc loc) {
  Node *xs[2], *raw[2];
  List pre[2];
  bool bad = false, consts = true;
  for (int i = 0; i < n; i++) {
    raw[i] = xs[i] = operand_with_pre(S, args[i], &pre[i], false);
    bad = bad || sema_is_error(xs[i]);
    consts = consts && sema_is_const(xs[i]);
  }
  if (bad) {
    for (int i = 0; S->fs && i < n; i++)
      list_append(&S->fs->pre, pre[i]);
    return sema_error_node(S, loc);
  }
  for (int i = 0; dtype && i < n; i++) { /* cupy's ufuncs loop over TT->T for each T */
    raw[i] = xs[i] = sema_ufunc_cast(S, xs[i], dtype, fname, i);
    if (sema_is_error(xs[i]))
      return xs[i];
  }
  if (ufunc_refuses(S, u, op, xs, n, fname, loc))
    return sema_error_node(S, loc);
  /* cupyx types a ufunc's arguments before it computes (get_ctype_from_scalar), even
     constants: cp.add(2**31 - 1, 1) wraps in int32, cp.true_divide(1, 2) is float64 0.5.
     np.NAME of constants is NumPy's, at compile time. */
  Mode saved = *mode_slot(S);
  bool numpy = consts && sema_numpy_constants(S, module, raw, xs, n);
  if (numpy)
    *mode_slot(S) = MODE_NUMPY;
  else if (consts)
    for (int i = 0; i < n; i++)
      xs[i] = sema_convert(S, xs[i], xs[i]->ty);
  Node *r;
  if (op == OP_AND || op == OP_OR) {
    if (S->fs)
      list_append(&S->fs->pre, pre[0]);
    r = bool_step(S, op, sema_to_bool(S, xs[0]), sema_to_bool(S, xs[1]), pre[1], loc);
  } else if (op >= OP_EQ && op <= OP_GE) {
    for (int i = 0; truth && i < n; i++)
      xs[i] = sema_to_bool(S, xs[i]);
    r = compare_ops(S, &op, 1, xs, pre, loc);
  } else {
    for (int i = 0; S->fs && i < n; i++)
      list_append(&S->fs->pre, pre[i]);
    r = n == 1 ? sema_unary(S, op, xs[0], loc) : sema_binop(S, op, xs[0], xs[1], loc);
  }
  *mode_slot(S) = saved;
  if (consts && !sema_is_error(r) && r->weak)
    r = sema_convert(S, r, r->ty);
  if (dtype && !sema_is_error(r) && !ty_equal(r->ty, dtype)) { /* true_divide(dtype=int32) */
    diag_error(S->c, loc, "%s() has no loop that gives %s (dtype=)", fname, ty_str(S->c, dtype));
    return sema_error_node(S, loc);
  }
  return r;
}

