/*
 * lower.c: the one pass between sema and the emitters (typed IR -> lowered IR).
 *
 * Sema hands over one typed tree per specialisation; everything the emitted code needs
 * decided is decided here, so that the emitters only print (pykc check --dump-ir shows
 * the result). Per specialisation, in this order:
 *   1. `t op= v` becomes IR_ASSIGN `t = (T)((cty)t op v)` (the reference to t on the right
 *      is a copy of the target node, so the tree stays a tree);
 *   2. value ranges (range.c) are computed over the expanded form;
 *   3. Python's integer //, %, ** (and float %) become IR_HELPER calls unless the ranges
 *      prove both operands non-negative and the divisor positive (then C's / and % stay
 *      IR_BINOP); builtins whose Python semantics C lacks become IR_HELPER too (the
 *      builtin table says which helper, builtins.c);
 *   4. statements: an expanded op= whose operator stayed C's is marked compound (printed
 *      `t op= v`), else an element target with side effects in its index gets its address
 *      taken once into a temporary (`_tN = &x[f(i)]; *_tN = *_tN op v`); a range loop's
 *      stop and step are hoisted into temporaries when the body may change them, its
 *      step's sign is settled from the ranges, and a hidden counter runs the loop when the
 *      body assigns the variable or the variable is read after the loop (as cupyx does);
 *   5. a grid-stride loop whose body only reads global memory runs its trips' loads a
 *      few at a time (batch.c).
 * Temporaries are numbered from Spec.ntemps (sema's come first) and declared in
 * Spec.locals. Then, per program, every C name is chosen (names.c's lower_names).
 */
#include "lower.h"
#include "types/ufunc.h"

#include <assert.h>
#include <math.h>
#include <string.h>

typedef struct Lower {
  Ctx *c;
  Spec *s;
} Lower;

/* ---------------------------------------------------------------- nodes */

Node *lower_node(Ctx *c, NodeKind k, Loc loc, Type *ty) {
  Node *n = ast_new(c, k, loc);
  n->ty = ty;
  return n;
}

Node *lower_cast(Ctx *c, Node *x, Type *ty) {
  if (ty_equal(x->ty, ty))
    return x;
  Node *n = lower_node(c, IR_CAST, x->loc, ty);
  n->lhs = x;
  return n;
}

Node *lower_ref(Ctx *c, Var *v, Loc loc) {
  Node *n = lower_node(c, IR_VAR, loc, v->ty);
  n->var = v;
  return n;
}

static Node *mk(Lower *L, NodeKind k, Loc loc, Type *ty) {
  return lower_node(L->c, k, loc, ty);
}

static Node *var_ref(Lower *L, Var *v, Loc loc) {
  return lower_ref(L->c, v, loc);
}

static Node *copy(Lower *L, const Node *n) {
  Node *r = ast_new(L->c, n->kind, n->loc);
  *r = *n;
  r->next = NULL;
  return r;
}

Var *lower_temp(Ctx *c, Spec *s, Type *ty, Loc loc) {
  Var *v = arena_alloc(&c->arena, sizeof *v);
  v->name = v->cname = intern_cstr(&c->names, arena_printf(&c->arena, "_t%d", s->ntemps++));
  v->ty = ty;
  v->first = loc;
  v->is_temp = true;
  Var **p = &s->locals;
  while (*p)
    p = &(*p)->next;
  *p = v;
  return v;
}

static Var *new_temp(Lower *L, Type *ty, Loc loc) {
  return lower_temp(L->c, L->s, ty, loc);
}

/* ---------------------------------------------------------------- 1. op= */

/* `t op= v` -> `t = (T)((cty)t' op v)` with t' a copy of t; n is rewritten in place. */
static void expand_aug(Lower *L, Node *n) {
  Node *t = n->lhs;
  Node *ref = copy(L, t);
  Node *l = ref;
  if (!ty_equal(t->ty, n->cty)) {
    l = mk(L, IR_CAST, n->loc, n->cty);
    l->lhs = ref;
  }
  Node *res = mk(L, IR_BINOP, n->loc, n->cty);
  res->op = n->op;
  res->cty = n->cty;
  res->lhs = l;
  res->rhs = n->rhs;
  Node *r = res;
  if (!ty_equal(t->ty, n->cty)) {
    r = mk(L, IR_CAST, n->loc, t->ty);
    r->lhs = res;
  }
  n->kind = IR_ASSIGN; /* op and cty stay: the op='s operator and computation type */
  n->rhs = r;
}

static void expand_list(Lower *L, Node *n) {
  for (; n; n = n->next) {
    diag_deep(L->c, n->loc, "statements");
    if (n->kind == IR_AUGASSIGN)
      expand_aug(L, n);
    expand_list(L, n->body);
    expand_list(L, n->then);
    expand_list(L, n->els);
  }
}

/* ---------------------------------------------------------------- 3. helpers */

static void to_helper(Node *n, HelperKind h, TypeKind k) {
  n->kind = IR_HELPER;
  n->op = OP_NONE;
  n->helper = h;
  n->cty = ty_scalar(helper_type(h, k));
}

/* ---- complex values: every operation is a helper (emit_complex.c) */

/* Binary operators on complex operands and their helpers (sema allows only these). */
static const HelperKind complex_binops[OP_COUNT] = {
  [OP_ADD] = HK_CADD, [OP_SUB] = HK_CSUB, [OP_MUL] = HK_CMUL, [OP_DIV] = HK_CDIV,
  [OP_POW] = HK_CPOW, [OP_EQ] = HK_CEQ,   [OP_NE] = HK_CNE,
};

static Node *real_const(Lower *L, Loc loc, TypeKind k, double v) {
  Node *c = mk(L, IR_CONST, loc, ty_scalar(k));
  c->fval = v;
  return c;
}

/* n as a helper call h(a[, b]) in complex type k. */
static void complex_helper(Node *n, HelperKind h, TypeKind k, Node *a, Node *b) {
  n->kind = IR_HELPER;
  n->op = OP_NONE;
  n->helper = h;
  n->cty = ty_scalar(k);
  n->lhs = a;
  n->rhs = b;
  n->args = NULL;
  n->nargs = 0;
  n->bi = NULL;
  if (a)
    a->next = NULL;
  if (b)
    b->next = NULL;
}

/* Rewrites a complex-valued or complex-operand node into helper calls. */
static void lower_complex(Lower *L, Node *n) {
  TypeKind t = n->ty && n->ty->kind < TY_NSCALAR ? n->ty->kind : TY_VOID;
  switch (n->kind) {
  case IR_CONST:
    if (type_is_complex(t))
      complex_helper(n, HK_CMAKE, t, real_const(L, n->loc, type_part_of(t), n->fval),
                     real_const(L, n->loc, type_part_of(t), n->fimag));
    return;
  case IR_CAST: {
    TypeKind f = n->lhs->ty->kind;
    if (type_is_complex(t) && type_is_complex(f)) {
      complex_helper(n, HK_CCVT, t, n->lhs, NULL);
    } else if (type_is_complex(t)) { /* complex<T>(x): (x, 0) */
      Node *x = n->lhs;
      if (f != type_part_of(t)) {
        x = mk(L, IR_CAST, n->loc, ty_scalar(type_part_of(t)));
        x->lhs = n->lhs;
      }
      complex_helper(n, HK_CMAKE, t, x, real_const(L, n->loc, type_part_of(t), 0));
    } else if (type_is_complex(f)) { /* cupyx's (T)(z.real()) */
      Node *re = mk(L, IR_HELPER, n->loc, ty_scalar(type_part_of(f)));
      complex_helper(re, HK_CREAL, f, n->lhs, NULL);
      if (t == type_part_of(f))
        *n = *re;
      else
        n->lhs = re;
    }
    return;
  }
  case IR_BINOP:
  case IR_COMPARE:
    if (type_is_complex(n->cty->kind) && complex_binops[n->op])
      complex_helper(n, complex_binops[n->op], n->cty->kind, n->lhs, n->rhs);
    return;
  case IR_UNARY:
    if (type_is_complex(t) && n->op == OP_NEG)
      complex_helper(n, HK_CNEG, t, n->lhs, NULL);
    return;
  case IR_BUILTIN: /* the row's complex helper (sema allows only rows that have one);
                      min(a, b, c) nests: min(min(a, b), c) */
    if (n->cty && type_is_complex(n->cty->kind) && n->bi->chelper != HK_NONE) {
      HelperKind h = n->bi->chelper;
      TypeKind k = n->cty->kind;
      Node *a = n->args, *b = a ? a->next : NULL;
      while (b && b->next) {
        Node *rest = b->next, *inner = mk(L, IR_HELPER, n->loc, n->ty);
        complex_helper(inner, h, k, a, b);
        a = inner;
        b = rest;
      }
      complex_helper(n, h, k, a, b);
    }
    return;
  default:
    return;
  }
}

/* n becomes x (n keeps its place in its list). */
static void replace(Node *n, const Node *x) {
  Node *next = n->next;
  *n = *x;
  n->next = next;
}

/* A builtin whose row names a helper for its loop type becomes IR_HELPER (min/max of
   more than two values: nested, left to right); float reciprocal is 1 / x; abs of an
   unsigned or bool value is the value; float atomic_sub is atomic_add of -v. */
static void lower_builtin(Lower *L, Node *n) {
  const Builtin *b = n->bi;
  if (b->kind == BK_ATOMIC && b->id == BI_ATOMIC_SUB && type_is_float(n->args->ty->kind)) {
    Node *v = n->args->next, *neg = mk(L, IR_UNARY, v->loc, v->ty);
    neg->op = OP_NEG;
    neg->lhs = v;
    n->args->next = neg;
    n->bi = builtin_by_id(BI_ATOMIC_ADD);
    return;
  }
  if (b->kind != BK_MATH && b->kind != BK_SPECIAL)
    return;
  bool by_type = b->id == BI_MIN || b->id == BI_MAX || b->id == BI_ABS;
  TypeKind k = by_type ? n->ty->kind : n->cty ? n->cty->kind : n->args->ty->kind;
  bool fl = type_is_float(k);
  if (b->id == BI_RECIPROCAL && fl) {
    Node *one = mk(L, IR_CONST, n->loc, n->args->ty);
    one->fval = 1.0;
    Node *div = mk(L, IR_BINOP, n->loc, n->ty);
    div->op = OP_DIV;
    div->cty = n->args->ty;
    div->lhs = one;
    div->rhs = n->args;
    replace(n, div);
    return;
  }
  if (b->id == BI_DEG2RAD || b->id == BI_RAD2DEG) { /* CuPy's in0 * (out0_type)(M_PI / 180) */
    Node *c = mk(L, IR_CONST, n->loc, n->args->ty);
    c->fval = ufunc_find(b->ufunc)->number;        /* the ufunc row's factor */
    Node *mul = mk(L, IR_BINOP, n->loc, n->ty);
    mul->op = OP_MUL;
    mul->cty = n->args->ty;
    mul->lhs = n->args;
    mul->rhs = c;
    replace(n, mul);
    return;
  }
  HelperKind h = fl ? b->fhelper : b->helper;
  if (h == HK_NONE)
    return;
  Node *a = n->args;
  if (h == HK_ABS && (type_is_unsigned(k) || k == TY_BOOL)) {
    replace(n, a);
    return;
  }
  Node *acc = a;
  for (Node *x = a->next; x && x->next; x = x->next) { /* min(a, b, c): min(min(a, b), c) */
    Node *h2 = mk(L, IR_HELPER, n->loc, n->ty);
    h2->helper = h;
    h2->cty = ty_scalar(helper_type(h, k));
    h2->lhs = acc;
    h2->rhs = x;
    acc = h2;
  }
  Node *last = a->next ? (acc == a ? a->next : acc->rhs->next) : NULL;
  n->kind = IR_HELPER;
  n->helper = h;
  n->cty = ty_scalar(helper_type(h, k));
  n->lhs = acc;
  n->rhs = last;
  n->args = NULL;
  n->bi = NULL;
}

/* int64 against uint64 (no common exact type: sema leaves the signed side in its type,
   or converted it to uint64): `py_cmp_int64(s, u) OP 0`, with OP mirrored when the
   signed side is on the right. A comparison with a constant that the emitters print
   narrow stays. */
static void lower_cmp64(Lower *L, Node *n) {
  static const Op mirror[OP_COUNT] = {
    [OP_EQ] = OP_EQ, [OP_NE] = OP_NE, [OP_LT] = OP_GT, [OP_LE] = OP_GE, [OP_GT] = OP_LT,
    [OP_GE] = OP_LE,
  };
  for (int i = 0; i < 2; i++) {
    Node *o = i ? n->rhs : n->lhs, *u = i ? n->lhs : n->rhs;
    if (o->kind == IR_CAST && ty_is_int(o->lhs->ty) && ty_is_signed(o->lhs->ty))
      o = o->lhs;
    else if (!ty_is_int(o->ty) || !ty_is_signed(o->ty)) /* else: left in its own type */
      continue;
    if (u->kind == IR_CONST && ty_is_int(u->ty) && u->ty->kind != TY_UINT64)
      return;
    Node *h = mk(L, IR_HELPER, n->loc, ty_scalar(TY_INT32));
    h->helper = HK_CMP64;
    h->cty = ty_scalar(helper_type(HK_CMP64, TY_INT64));
    h->lhs = o;
    h->rhs = u;
    Node *zero = mk(L, IR_CONST, n->loc, ty_scalar(TY_INT32));
    n->lhs = h;
    n->rhs = zero;
    n->op = i ? mirror[n->op] : n->op;
    n->cty = ty_scalar(TY_INT32);
    return;
  }
}

/* x converted to int64 (x: an unsigned 32-bit value or constant). */
static Node *to_int64(Lower *L, Node *x) {
  Node *n;
  if (x->kind == IR_CONST) {
    n = copy(L, x);
    n->ty = ty_scalar(TY_INT64);
    return n;
  }
  n = mk(L, IR_CAST, x->loc, ty_scalar(TY_INT64));
  n->lhs = x;
  return n;
}

/* An array's index that converts an unsigned 32-bit `i + c` or `i - c` the ranges show
   cannot wrap is the sum or difference of the converted operands: `(long long)x + 1ll`,
   not `(long long)(x + 1u)`, so that the C compiler folds the constant into the
   element's address (x[i + 1] one word past x[i]) as it does for a hand-written int64
   index. (Shared and local memory keep 32-bit indices.) */
static void widen_index(Lower *L, Node *a) {
  if (a->kind != IR_CAST || a->ty->kind != TY_INT64 || a->lhs->kind != IR_BINOP ||
      a->lhs->rhs->kind != IR_CONST || !range_no_wrap(a->lhs))
    return;
  Node *s = a->lhs;
  a->kind = IR_BINOP;
  a->op = s->op;
  a->cty = a->ty;
  a->lhs = to_int64(L, s->lhs);
  a->rhs = to_int64(L, s->rhs);
  widen_index(L, a->lhs);
}

/* Chooses n's form from the ranges of its (not yet lowered) operands, then lowers them. */
static void select_expr(Lower *L, Node *n) {
  if (!n)
    return;
  lower_complex(L, n);
  if (n->kind == IR_INDEX && n->lhs->ty->kind == TY_ARRAY)
    for (Node *a = n->args; a; a = a->next)
      widen_index(L, a);
  if (n->kind == IR_BINOP) {
    TypeKind k = n->cty->kind;
    bool fl = type_is_float(k);
    switch (n->op) {
    case OP_DIV:
      if (fl && n->rhs->kind == IR_CONST && n->rhs->fval == 0) {
        /* x / 0.0 is x * inf, the same IEEE value (inf, -inf or NaN): nvcc rejects a
           division by a constant zero (39-D) */
        Node *inf = copy(L, n->rhs);
        inf->fval = copysign(INFINITY, n->rhs->fval);
        n->op = OP_MUL;
        n->rhs = inf;
      }
      break;
    case OP_POW:
      if (!fl)
        to_helper(n, HK_POW, k);
      break;
    case OP_MOD:
      if (fl) {
        to_helper(n, HK_MOD, k);
        break;
      }
      /* fall through */
    case OP_FLOORDIV:
      if (fl)
        break; /* floor(a / b) */
      if (k == TY_UINT32 || k == TY_UINT64 || (range_nonneg(n->lhs) && range_nonneg(n->rhs))) {
        if (!range_positive(n->rhs))
          to_helper(n, n->op == OP_FLOORDIV ? HK_DIVZ : HK_MODZ, k);
        /* else C's / and % compute Python's */
      } else
        to_helper(n, n->op == OP_FLOORDIV ? HK_FLOORDIV : HK_MOD, k);
      break;
    default:
      break;
    }
    narrow_arith(L->c, n);  /* in 32 bits where the ranges allow (narrow.c) */
  } else if (n->kind == IR_BUILTIN)
    lower_builtin(L, n);
  else if (n->kind == IR_COMPARE && n->cty->kind == TY_UINT64)
    lower_cmp64(L, n);
  select_expr(L, n->lhs);
  select_expr(L, n->rhs);
  select_expr(L, n->cond);
  select_expr(L, n->then);
  select_expr(L, n->els);
  for (Node *a = n->args; a; a = a->next)
    select_expr(L, a);
}

static void select_stmts(Lower *L, Node *n);

/* Statements a condition guards, with the facts the condition being HOLDS gives them. */
static void select_guarded(Lower *L, const Node *cond, bool holds, Node *body) {
  enum { MAXREFINE = 8 };
  RangeSaved saved[MAXREFINE];
  int n = cond && body ? range_refine(cond, holds, body, lower_assigns, saved, MAXREFINE) : 0;
  select_stmts(L, body);
  range_restore(saved, n);
}

static void select_stmts(Lower *L, Node *n) {
  for (; n; n = n->next) {
    diag_deep(L->c, n->loc, "statements");
    if (n->kind == IR_FOR && n->stepsign == 0 && range_positive(n->step))
      n->stepsign = 1; /* settled now: the ranges are not available to the printer */
    if (n->kind == IR_IF || n->kind == IR_WHILE || n->kind == IR_FOR ||
        n->kind == IR_BLOCK) {
      select_expr(L, n->kind == IR_FOR ? n->lhs : n->cond);
      if (n->kind == IR_FOR) {
        select_expr(L, n->rhs);
        select_expr(L, n->step);
      }
      bool guarded = n->kind == IR_IF || n->kind == IR_WHILE;
      select_guarded(L, guarded ? n->cond : NULL, true, n->body);
      select_guarded(L, guarded ? n->cond : NULL, true, n->then);
      select_guarded(L, guarded ? n->cond : NULL, false, n->els);
      continue;
    }
    select_expr(L, n->lhs);
    select_expr(L, n->rhs);
    select_expr(L, n->cond);
    for (Node *a = n->args; a; a = a->next)
      select_expr(L, a);
  }
}

/* ---------------------------------------------------------------- 4. statements */

/* Does the statement list assign var v (so a loop bound that reads it must be hoisted)? */
bool lower_assigns(const Node *n, const Var *v) {
  for (; n; n = n->next) {
    if ((n->kind == IR_ASSIGN && n->lhs->kind == IR_VAR && n->lhs->var == v) ||
        (n->kind == IR_FOR && n->var == v))
      return true;
    if (lower_assigns(n->body, v) || lower_assigns(n->then, v) || lower_assigns(n->els, v))
      return true;
  }
  return false;
}

static bool invariant(const Node *x, const Node *body) {
  if (!x)
    return true;
  if (!ir_pure(x))
    return false;
  if (x->kind == IR_VAR)
    return !lower_assigns(body, x->var);
  for (const Node *a = x->args; a; a = a->next)
    if (!invariant(a, body))
      return false;
  return invariant(x->lhs, body) && invariant(x->rhs, body);
}

/* The reads of var V in N (a value used: not the target of a plain assignment), N's
   successors too when SIBLINGS. V may be one of TALLY (every read counted in its Var's
   nreads) or CLEAR (nreads set to 0): one pass over a function, so that each loop then
   asks only about its own tree. */
static const Var tally_reads, clear_reads;
#define TALLY (&tally_reads)
#define CLEAR (&clear_reads)
static int64_t count_reads(const Node *n, const Var *v, bool siblings) {
  int64_t k = 0;
  for (; n; n = siblings ? n->next : NULL) {
    if (n->kind == IR_VAR) {
      n->var->nreads = v == CLEAR ? 0 : n->var->nreads + (v == TALLY);
      k += n->var == v;
      continue;
    }
    if (n->kind == IR_ASSIGN && n->lhs->kind == IR_VAR) {
      k += count_reads(n->rhs, v, true);
      continue;
    }
    const Node *kids[] = {n->lhs, n->rhs, n->cond, n->step, n->then, n->els, n->body, n->args};
    for (size_t i = 0; i < sizeof kids / sizeof *kids; i++)
      k += count_reads(kids[i], v, true);
  }
  return k;
}

/* Inserts `tmp = x` before *at (advancing at past it) and returns a reference to tmp. */
static Node *to_temp(Lower *L, Node ***at, Node *x) {
  Var *t = new_temp(L, x->ty, x->loc);
  Node *as = mk(L, IR_ASSIGN, x->loc, NULL);
  as->lhs = var_ref(L, t, x->loc);
  as->rhs = x;
  as->next = **at;
  **at = as;
  *at = &as->next;
  return var_ref(L, t, x->loc);
}

/* An expanded op= (n->cty: its computation type): compound when the operator stayed
   C's and means the same there (the C target prints a compound shift as
   `t = py_shl_T(t, v)`, so a shift is compound only when t is pure). */
static void finish_aug(Lower *L, Node ***at, Node *n) {
  Node *t = n->lhs;
  bool same = ty_equal(t->ty, n->cty);
  Node *res = same ? n->rhs : n->rhs->lhs;
  TypeKind lk = t->ty->kind;
  if (same && res->kind == IR_BINOP && lk != TY_BOOL &&
      !(lk == TY_FLOAT16 && ir_yields_storage(L->s, t))) {
    Op op = res->op;
    bool shift = op == OP_LSHIFT || op == OP_RSHIFT;
    if (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_BITAND || op == OP_BITOR ||
        op == OP_BITXOR || (shift && ir_pure(t)) || (op == OP_DIV && type_is_float(lk)) ||
        ((op == OP_FLOORDIV || op == OP_MOD) && type_is_int(lk))) {
      n->compound = true;
      return;
    }
  }
  if (t->kind == IR_INDEX && !ir_pure(t)) {
    /* the element's address, once: _tN = &x[...]; *_tN = *_tN op v. The copy of t in
       the value is its leftmost operand, under casts (narrow.c's too). */
    Node **refslot = &n->rhs;
    while (*refslot && !((*refslot)->kind == t->kind && (*refslot)->lhs == t->lhs &&
                         (*refslot)->args == t->args))
      refslot = &(*refslot)->lhs;
    assert(*refslot);
    Node *addr = mk(L, IR_ADDR, t->loc, ty_ptr(L->c, t->ty));
    addr->lhs = t;
    Node *p = to_temp(L, at, addr);
    Node *d = mk(L, IR_DEREF, t->loc, t->ty);
    d->lhs = p;
    *refslot = d;
    n->lhs = copy(L, d);
  }
}

static void finish_for(Lower *L, Node ***at, Node *n) {
  Var *v = n->var;
  bool hidden = lower_assigns(n->body, v) || v->nreads > count_reads(n, v, false); /* read after */
  Var *ctr = hidden ? new_temp(L, v->ty, n->loc) : NULL;
  if (!invariant(n->rhs, n->body))
    n->rhs = to_temp(L, at, n->rhs);
  if (n->stepsign == 0 && !invariant(n->step, n->body))
    n->step = to_temp(L, at, n->step);
  if (hidden) { /* for (_tN = start; ...) { v = _tN; body } */
    Node *as = mk(L, IR_ASSIGN, n->loc, NULL);
    as->lhs = var_ref(L, v, n->loc);
    as->rhs = var_ref(L, ctr, n->loc);
    Node *blk = n->body;
    if (blk && blk->kind == IR_BLOCK) {
      as->next = blk->body;
      blk->body = as;
    } else {
      as->next = blk;
      n->body = as;
    }
    n->var = ctr;
  }
}

static void finish_list(Lower *L, Node **at);

static void finish_stmt(Lower *L, Node ***at) {
  Node *n = **at;
  diag_deep(L->c, n->loc, "statements");
  switch (n->kind) {
  case IR_ASSIGN:
    if (n->op != OP_NONE)
      finish_aug(L, at, n);
    break;
  case IR_FOR:
    finish_for(L, at, n);
    break;
  default:
    break;
  }
  if (n->kind == IR_BLOCK)
    finish_list(L, &n->body);
  else {
    if (n->body && n->body->kind == IR_BLOCK)
      finish_list(L, &n->body->body);
    else
      finish_list(L, &n->body);
    finish_list(L, &n->then);
    finish_list(L, &n->els);
  }
}

static void finish_list(Lower *L, Node **at) {
  while (*at) {
    Node **here = at;
    finish_stmt(L, &here);
    at = &(*here)->next;
  }
}

static void lower_spec(Ctx *c, Spec *s) {
  Lower L = {.c = c, .s = s};
  expand_list(&L, s->body);
  range_analyse(c, s);
  select_stmts(&L, s->body);
  count_reads(s->body, CLEAR, true);
  count_reads(s->body, TALLY, true);
  finish_list(&L, &s->body);
  lower_batch(c, s);
  s->lowered = true;
}

/* A float16 lvalue or value whose C text is the __half in storage (an element, a kernel's
   float16 parameter, an atomic's or shuffle's result). */
bool ir_yields_storage(const Spec *s, const Node *n) {
  switch (n->kind) {
  case IR_VAR:
    return n->var->is_param && n->var->ty->kind == TY_FLOAT16 && s->fn->is_kernel;
  case IR_INDEX:
    return n->ty->kind < TY_NSCALAR;
  case IR_BUILTIN:
    return n->bi && (n->bi->kind == BK_ATOMIC || n->bi->kind == BK_SHFL);
  default:
    return false;
  }
}

/* ---------------------------------------------------------------- ir_check */

typedef struct Check {
  Ctx *c;
  const Spec *s;
  bool ok;
  const Var **vars;                                /* the declared variables, hashed by */
  size_t cap;                                      /* address (100k locals stay linear) */
} Check;

static size_t var_slot(const Check *k, const Var *v) {
  size_t i = (size_t)(((uintptr_t)v >> 4) * 0x9e3779b97f4a7c15ull) & (k->cap - 1);
  while (k->vars[i] && k->vars[i] != v)
    i = (i + 1) & (k->cap - 1);
  return i;
}

static void bad(Check *k, const Node *n, const char *what) {
  if (k->ok)
    diag_plain(k->c, "internal error: lowered IR of '%s' line %u: %s", k->s->cname,
               n ? n->loc.line : 0, what);
  k->ok = false;
}

static bool declared(const Check *k, const Var *v) { return k->vars[var_slot(k, v)] == v; }

static void check_expr(Check *k, const Node *n) {
  if (!n)
    return;
  if (n->kind < IR_BLOCK || n->kind >= IR_KIND_COUNT || n->kind == IR_AUGASSIGN)
    bad(k, n, "a sema-only node kind");
  else if (n->kind >= IR_CONST && !n->ty)
    bad(k, n, "an expression without a type");
  else if (n->ty && n->ty->kind == TY_ERROR)
    bad(k, n, "an error type");
  if (n->kind == IR_VAR && !declared(k, n->var))
    bad(k, n, "a variable that is not declared");
  if (n->kind == IR_HELPER && ((unsigned)n->helper >= HK_COUNT || !n->lhs || !n->cty))
    bad(k, n, "a helper call without its helper, operand or type");
  if ((n->kind == IR_BINOP || n->kind == IR_COMPARE) && (!n->lhs || !n->rhs || !n->cty))
    bad(k, n, "an operator without operands or computation type");
  if (n->kind == IR_ASSIGN && n->compound && (n->rhs->kind != IR_BINOP))
    bad(k, n, "a compound assignment whose value is not its operator");
  if (n->kind == IR_FOR && (!declared(k, n->var) || !n->lhs || !n->rhs || !n->step))
    bad(k, n, "a loop without its counter or bounds");
  check_expr(k, n->lhs);
  check_expr(k, n->rhs);
  check_expr(k, n->cond);
  check_expr(k, n->step);
  for (const Node *a = n->args; a; a = a->next)
    check_expr(k, a);
  for (const Node *b = n->body; b; b = b->next)
    check_expr(k, b);
  for (const Node *b = n->then; b; b = b->next)
    check_expr(k, b);
  for (const Node *b = n->els; b; b = b->next)
    check_expr(k, b);
}

bool ir_check(Ctx *c, const Spec *s) {
  Check k = {.c = c, .s = s, .ok = true};
  size_t nvars = (size_t)s->nparams + 1;
  for (const Var *l = s->locals; l; l = l->next)
    nvars++;
  for (k.cap = 16; k.cap < 2 * nvars; k.cap *= 2)
    ;
  k.vars = arena_alloc(&c->arena, k.cap * sizeof *k.vars);
  for (int i = 0; i < s->nparams; i++)
    k.vars[var_slot(&k, s->params[i])] = s->params[i];
  for (const Var *l = s->locals; l; l = l->next)
    k.vars[var_slot(&k, l)] = l;
  for (const Node *n = s->body; n; n = n->next)
    check_expr(&k, n);
  for (const Var *v = s->locals; v && k.ok; v = v->next)
    if (!v->cname || !v->ty)
      bad(&k, NULL, "a local without a C name or type");
  return k.ok;
}

/* ---------------------------------------------------------------- the pass */

void lower_program(Ctx *c, Program *p) {
  if (!p)
    return;
  for (Func *f = p->funcs; f; f = f->next)
    for (Spec *s = f->specs; s; s = s->next)
      if (s->done && !s->failed && !s->lowered && s->body) {
        lower_map(c, s);
        for (Spec *t = s; t; t = t == s ? s->map : NULL) {
          lower_spec(c, t);
#ifndef NDEBUG
          ir_check(c, t);
#endif
        }
      }
  lower_names(c, p);
}
