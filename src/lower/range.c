/*
 * range.c: value-range facts, an analysis that only lower.c calls, on its expanded IR
 * (op= is plain assignment there).
 *
 * Facts per integer expression: non-negative (with an upper bound 2^bits on the value),
 * positive (> 0, a divisor that cannot be zero) and fits32 (the value lies in int32's
 * range). They let lower.c keep C's `/` and `%` for Python's `//` and `%` (which
 * differ only for negative operands, and by zero). The facts describe the C value the
 * emitted code computes: an int8..uint16 expression is computed as a C int and narrowed
 * only when stored (docs/language.md §2), so `a - b` of two uint8 values may be negative while
 * a uint8 variable, element, call result or cast never is.
 *
 * Sources of facts: the types of stored values (unsigned and bool values are
 * non-negative, 8/16-bit and int32 values fit in 32 bits), literals, thread/block indices
 * and dimensions, array sizes and shapes, and closure rules (sums, products, quotients
 * and remainders of non-negative values, `x % d` with d >= 0, min/max, ...). A local
 * variable has a fact when every assignment to it does: range_analyse starts from "all
 * facts hold, bound 2^0" for every local and weakens facts until nothing changes (a fixed
 * point; a bound that grows more than WIDEN_AFTER times jumps to the type's limit), so
 * `d = 2 ... d += 1` stays positive while `x -= 1` kills non-negativity. A `for`
 * variable counting up (a step known positive, constant or not) from a non-negative start
 * is non-negative; counting down to a non-negative stop (or to -1) it is too.
 * Parameters only have the facts of their types (their values come from the caller; a
 * device function's specialisation serves every call site).
 *
 * Branches. The facts above hold everywhere in the function. While lower.c lowers the
 * statements an `if` or `while` guards, range_refine raises the facts of the variables its
 * condition compares with a constant (through `and` holding, `or` failing, `not`), for
 * variables those statements do not assign: their value there is the one the condition
 * saw. `y == 0 or ...` failing gives y != 0, so an unsigned (non-negative) y is > 0;
 * `n > 0` gives n positive; range_restore puts the facts back after the branch.
 *
 * Overflow. Products, powers and left shifts are non-negative only when the bounds show
 * they cannot wrap (a hash `h = h * 31 + c` or an LCG wraps on purpose, and Python's `%`
 * of the wrapped value is what CuPy computes). Sums of non-negative values in a signed
 * type are taken not to overflow (as C compilers assume: index arithmetic like
 * `n = i + 2` with i < an int32 count); in an unsigned type they wrap, so a sum there is
 * positive only when its bound fits.
 *
 * Thread-index arithmetic: sums and products of threadIdx/blockIdx/blockDim/gridDim (and
 * literals up to 1024, block sizes) are taken to be below 2^31, i.e. a grid has fewer
 * than 2^31 threads along each dimension. This is the assumption hand-written CUDA makes
 * with `int i = blockIdx.x * blockDim.x + threadIdx.x`, and it is what lets
 * `for i in range(jit.grid(1), n, jit.gridsize(1))` with an int32 n count from a known
 * non-negative start.
 */
#include "lower.h"


enum { WIDEN_AFTER = 3 };

typedef struct Facts {
  bool nn, pos, f32;
  bool idx;                 /* built from thread indices/dims (and block-size literals) */
  int bits;                 /* when nn: the value is below 2^bits (64: no bound) */
} Facts;

static const Facts NONE = {.nn = false, .pos = false, .f32 = false, .idx = false, .bits = 64};

static Facts facts(const Node *e);

static bool is_int_type(const Type *t) {
  return t && (t->kind == TY_BOOL || type_is_int(t->kind));
}

/* The bound of the non-negative values a stored value of type t can hold. */
static int type_bits(const Type *t) {
  if (t->kind == TY_BOOL)
    return 1;
  return (int)dtype_info[t->kind].size * 8 - (ty_is_signed(t) ? 1 : 0);
}

/* The bound a computation in type t keeps without wrapping (small types compute in int). */
static int calc_bits(const Type *t) {
  return type_is_small_int(t->kind) ? 31 : type_bits(t);
}

/* The facts every value of type t holds once stored in a variable or element of t. */
static Facts type_facts(const Type *t) {
  Facts f = NONE;
  if (!is_int_type(t))
    return f;
  f.nn = t->kind == TY_BOOL || !ty_is_signed(t);
  f.f32 = dtype_info[t->kind].size <= 4 && t->kind != TY_UINT32;
  if (f.nn) {
    f.bits = type_bits(t);
    f.f32 = f.bits <= 31;
  }
  return f;
}

/* The facts of the C value of a computed (unstored) expression of type t: an int8..uint16
   result is a C int that may lie outside t's range. */
static Facts calc_facts(const Type *t) {
  if (t && type_is_small_int(t->kind))
    return (Facts){.nn = false, .pos = false, .f32 = true, .idx = false, .bits = 64};
  return type_facts(t);
}

static int bits_of(uint64_t v) {
  int b = 0;
  for (; v; v >>= 1)
    b++;
  return b;
}

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

/* Both sets of facts hold. */
static Facts either(Facts a, Facts b) {
  Facts r = {a.nn || b.nn, a.pos || b.pos, a.f32 || b.f32, a.idx || b.idx, 64};
  if (r.nn)
    r.bits = imin(a.nn ? a.bits : 64, b.nn ? b.bits : 64);
  if (r.nn && r.bits <= 31)
    r.f32 = true;
  return r;
}

/* Does a value with facts f (of integer type from) keep its value when converted to to? */
static bool preserved(Facts f, const Type *from, const Type *to) {
  TypeKind k = to->kind;
  if (from->kind == k)
    return true;
  int fs = from->kind == TY_BOOL ? 1 : (int)dtype_info[from->kind].size;
  int ts = (int)dtype_info[k].size;
  bool fsigned = ty_is_signed(from), tsigned = ty_is_signed(to);
  if (f.nn && f.bits <= type_bits(to))
    return true;                              /* a non-negative value below to's limit */
  if (type_is_small_int(from->kind))
    return false;                             /* the C value may lie outside from's range */
  if (fsigned == tsigned && ts >= fs)
    return true;                              /* widening in the same signedness */
  if (!fsigned && tsigned && ts > fs)
    return true;                              /* unsigned into a wider signed type */
  if (f.f32 && tsigned && ts >= 4)
    return true;
  return false;
}

static Facts cast_facts(const Node *e) {
  const Type *from = e->lhs->ty;
  if (ty_equal(e->ty, from))
    return facts(e->lhs);                     /* prints as its operand: no narrowing */
  Facts t = type_facts(e->ty);
  if (!is_int_type(e->ty) || !is_int_type(from) || e->ty->kind == TY_BOOL)
    return t;
  Facts f = facts(e->lhs);
  if (preserved(f, from, e->ty)) {
    f.idx = f.idx && f.nn && f.f32;
    return either(t, f);
  }
  return t; /* (idx facts do not survive a conversion that may change the value) */
}

static Facts const_facts(const Node *e) {
  Facts f = type_facts(e->ty);
  if (!is_int_type(e->ty))
    return f;
  if (e->ty->kind == TY_UINT64) {
    uint64_t v = e->uval ? e->uval : (uint64_t)e->ival;
    return (Facts){.nn = true, .pos = v > 0, .f32 = v <= INT32_MAX, .idx = false,
                   .bits = bits_of(v)};
  }
  f.nn = e->ival >= 0;
  f.pos = e->ival > 0;
  f.f32 = e->ival >= INT32_MIN && e->ival <= INT32_MAX;
  f.idx = e->ival >= 0 && e->ival <= 1024;
  f.bits = f.nn ? bits_of((uint64_t)e->ival) : 64;
  return f;
}

/* A non-negative constant's value, or -1. */
static int64_t const_value(const Node *n) {
  if (!n || n->kind != IR_CONST || !is_int_type(n->ty) || n->ty->kind == TY_UINT64 ||
      n->ival < 0)
    return -1;
  return n->ival;
}

/* Facts of op applied to a and b (facts of the operands, rn the right operand's node for
   constant exponents and shift counts) computed in cty. */
static Facts binop_facts(Op op, const Type *cty, Facts a, Facts b, const Node *rn) {
  Facts r = calc_facts(cty), f = NONE;
  if (!is_int_type(cty))
    return r;
  int w = calc_bits(cty);                     /* bits that do not wrap */
  bool wraps = !ty_is_signed(cty) && !type_is_small_int(cty->kind) && cty->kind != TY_BOOL;
  int64_t c = const_value(rn);
  switch (op) {
  case OP_ADD:
    f.nn = a.nn && b.nn;
    f.bits = f.nn ? imin(imax(a.bits, b.bits) + 1, w) : 64;
    f.pos = f.nn && (a.pos || b.pos) && (!wraps || imax(a.bits, b.bits) + 1 <= w);
    f.idx = f.f32 = a.idx && b.idx;
    break;
  case OP_MUL:
    f.idx = a.idx && b.idx;
    f.nn = a.nn && b.nn && (f.idx || a.bits + b.bits <= w);
    f.bits = f.nn ? imin(a.bits + b.bits, w) : 64;
    f.pos = f.nn && a.pos && b.pos;
    f.f32 = f.idx;
    break;
  case OP_FLOORDIV:
    f.nn = a.nn && b.nn;
    f.bits = f.nn ? a.bits : 64;
    f.f32 = f.nn && a.f32;                    /* |a // b| <= |a| */
    break;
  case OP_MOD:
    f.nn = b.nn;                              /* the divisor's sign; % 0 gives 0 */
    f.bits = !b.nn ? 64 : a.nn ? imin(a.bits, b.bits) : b.bits;
    f.f32 = b.nn && (b.f32 || (a.nn && a.f32));
    break;
  case OP_POW:                                /* 0 and 1 stay; else the bound must fit */
    f.nn = a.nn && (a.bits <= 1 || (c >= 0 && c <= 64 && a.bits * c <= w));
    f.bits = !f.nn ? 64 : a.bits <= 1 ? 1 : imax((int)(a.bits * c), 1);  /* x ** 0 == 1 */
    f.pos = f.nn && a.pos && (a.bits <= 1 || c >= 0);
    break;
  case OP_LSHIFT:
    f.nn = a.nn && c >= 0 && c < 64 && a.bits + c <= w;
    f.bits = f.nn ? a.bits + (int)c : 64;
    f.pos = f.nn && a.pos;
    break;
  case OP_RSHIFT:
    f.nn = a.nn;
    f.bits = f.nn ? imax(a.bits - (c > 0 ? (int)imin((int)c, 64) : 0), 0) : 64;
    f.f32 = a.nn && a.f32;
    break;
  case OP_BITAND:
    f.nn = a.nn || b.nn;
    f.bits = imin(a.nn ? a.bits : 64, b.nn ? b.bits : 64);
    f.f32 = (a.nn && a.f32) || (b.nn && b.f32);
    break;
  case OP_BITOR:
  case OP_BITXOR:
    f.nn = a.nn && b.nn;
    f.bits = f.nn ? imax(a.bits, b.bits) : 64;
    f.f32 = f.nn && a.f32 && b.f32;
    break;
  default:
    break;
  }
  if (f.nn && f.bits > w)
    f.bits = w;
  return either(r, f);
}

static Facts builtin_facts(const Node *e) {
  Facts t = calc_facts(e->ty), f = NONE;
  if (e->bi->range_bits) /* the row's fact (builtins.c) */
    f = (Facts){.nn = true, .pos = e->bi->range_pos, .f32 = e->bi->range_bits <= 31,
                .idx = e->bi->range_idx, .bits = e->bi->range_bits};
  switch (e->bi->id) {
  case BI_ABS: {
    /* abs(INT_MIN) is INT_MIN: only a value that is not its type's minimum gives >= 0 */
    if (!is_int_type(e->ty) || !e->args)
      break;
    Facts x = facts(e->args);
    if (x.nn)
      f = x;
    else if (type_is_small_int(e->ty->kind))           /* |int8/int16| as a C int */
      f = (Facts){.nn = true, .pos = false, .f32 = true, .idx = false, .bits = 16};
    else if (x.f32 && e->ty->kind == TY_INT64)
      f = (Facts){.nn = true, .pos = false, .f32 = false, .idx = false, .bits = 32};
    break;
  }
  case BI_MIN:
  case BI_MAX: {
    if (!is_int_type(e->ty))
      break;
    bool min = e->bi->id == BI_MIN;
    int lo = 64, hi = 0;
    bool all_nn = true;
    f = min ? (Facts){.nn = true, .pos = true, .f32 = true, .idx = false, .bits = 64}
            : (Facts){.nn = false, .pos = false, .f32 = true, .idx = false, .bits = 64};
    for (const Node *a = e->args; a; a = a->next) {
      Facts x = facts(a);
      if (min) {
        f.nn &= x.nn;
        f.pos &= x.pos;
      } else {
        f.nn |= x.nn;
        f.pos |= x.pos;
      }
      f.f32 &= x.f32;
      all_nn &= x.nn;
      if (x.nn) {
        lo = imin(lo, x.bits);
        hi = imax(hi, x.bits);
      }
    }
    if (f.nn)                                 /* min: <= each; max: the largest bound */
      f.bits = min ? lo : all_nn ? hi : 64;
    if (f.nn && f.bits <= 31)                 /* min(non-negative fits32, anything >= 0) */
      f.f32 = true;
    break;
  }
  default:
    break;
  }
  return either(t, f);
}

static Facts facts_of(const Node *e) {
  switch (e->kind) {
  case IR_CONST:
    return const_facts(e);
  case IR_VAR: {
    Facts t = type_facts(e->ty);
    if (!is_int_type(e->ty))
      return t;
    return either(t, (Facts){.nn = e->var->nonneg, .pos = e->var->positive,
                             .f32 = e->var->fits32, .idx = false, .bits = e->var->bits});
  }
  case IR_CAST:
    return cast_facts(e);
  case IR_BINOP:
    return binop_facts(e->op, e->cty, facts(e->lhs), facts(e->rhs), e->rhs);
  case IR_UNARY:
    if (e->op == OP_POS)
      return facts(e->lhs);
    if (e->op == OP_NEG || (e->op == OP_INVERT && e->ty->kind != TY_BOOL))
      return calc_facts(e->ty);               /* -x, ~x: negative unless unsigned */
    return type_facts(e->ty);
  case IR_LOGIC:
  case IR_COMPARE:
    return (Facts){.nn = true, .pos = false, .f32 = true, .idx = false, .bits = 1};
  case IR_SELECT: {
    Facts a = facts(e->then), b = facts(e->els);
    Facts f = {.nn = a.nn && b.nn, .pos = a.pos && b.pos, .f32 = a.f32 && b.f32,
               .idx = false, .bits = imax(a.bits, b.bits)};
    return either(calc_facts(e->ty), f);
  }
  case IR_ARRAY_ATTR:                         /* size and shape are >= 0 */
    if (e->ty->kind == TY_INT64 && e->attr != AA_STRIDES)
      return (Facts){.nn = true, .pos = false, .f32 = false, .idx = false, .bits = 63};
    return type_facts(e->ty);
  case IR_BUILTIN:
    return builtin_facts(e);
  default:                                    /* stored values: elements, calls, tuples */
    return type_facts(e->ty);
  }
}

/* Facts of e; a non-negative C value also lies below its computation type's limit. */
static Facts facts(const Node *e) {
  if (!e)
    return NONE;
  Facts f = facts_of(e);
  if (f.nn && is_int_type(e->ty) && f.bits > calc_bits(e->ty))
    f.bits = calc_bits(e->ty);
  return f;
}

bool range_nonneg(const Node *e) { return facts(e).nn; }
bool range_positive(const Node *e) { Facts f = facts(e); return f.nn && f.pos; }
bool range_fits32(const Node *e) { return facts(e).f32; }
bool range_fits_u32(const Node *e) { Facts f = facts(e); return f.nn && f.bits <= 32; }

/* ---- the fixed point over a specialisation's locals ---- */

/* Lowers a var's facts to what value facts f allow; returns true if anything changed. */
static bool meet(Var *v, Facts f) {
  bool changed = false;
  if (v->nonneg && !f.nn)
    v->nonneg = false, changed = true;
  if (v->positive && !f.pos)
    v->positive = false, changed = true;
  if (v->fits32 && !f.f32)
    v->fits32 = false, changed = true;
  int limit = v->nonneg ? type_bits(v->ty) : 0;
  if (v->nonneg && f.bits > v->bits && v->bits < limit) {
    v->bits = (uint8_t)(++v->grown > WIDEN_AFTER ? limit : imin(f.bits, limit));
    changed = true;
  }
  return changed;
}

static bool visit(Ctx *c, const Node *n);

static bool visit_list(Ctx *c, const Node *n) {
  bool changed = false;
  for (; n; n = n->next)
    changed |= visit(c, n);
  return changed;
}

/* The loop variable takes values in [start, stop) (step > 0) or (stop, start] (< 0). */
static Facts for_facts(const Node *n) {
  Facts start = facts(n->lhs), stop = facts(n->rhs);
  Facts t = type_facts(n->var->ty), f = NONE;
  int limit = type_bits(n->var->ty);
  if (n->stepsign > 0 || (n->stepsign == 0 && range_positive(n->step))) {
    f.nn = start.nn;
    f.pos = start.pos;
    f.bits = start.nn ? imax(start.bits, stop.nn ? stop.bits : limit) : 64;
    f.f32 = start.f32 && stop.f32;
  } else if (n->stepsign < 0) {
    bool to_minus1 = n->rhs->kind == IR_CONST && ty_is_signed(n->rhs->ty) && n->rhs->ival == -1;
    f.nn = stop.nn || to_minus1;
    f.pos = stop.nn;
    f.bits = start.nn ? start.bits : limit;
    f.f32 = start.f32 && (stop.f32 || to_minus1);
  }
  return either(t, f);
}

static bool visit(Ctx *c, const Node *n) {
  if (!n)
    return false;
  diag_deep(c, n->loc, "statements");
  bool changed = false;
  switch (n->kind) {
  case IR_ASSIGN:
    if (n->lhs->kind == IR_VAR)
      changed |= meet(n->lhs->var, either(type_facts(n->lhs->ty), facts(n->rhs)));
    break;
  case IR_FOR:
    changed |= meet(n->var, for_facts(n));
    break;
  default:
    break;
  }
  changed |= visit_list(c, n->kind == IR_BLOCK ? n->body : NULL);
  if (n->kind != IR_BLOCK) {
    changed |= visit_list(c, n->body);
    changed |= visit(c, n->then);
    changed |= visit(c, n->els);
  }
  return changed;
}

void range_analyse(Ctx *c, Spec *s) {
  for (int i = 0; i < s->nparams; i++) {
    Var *p = s->params[i];
    Facts t = type_facts(p->ty);
    p->nonneg = t.nn;
    p->positive = false;
    p->fits32 = t.f32;
    p->bits = (uint8_t)t.bits;
    p->grown = 0;
  }
  for (Var *v = s->locals; v; v = v->next) {
    bool scalar_int = is_int_type(v->ty);
    v->nonneg = v->positive = v->fits32 = scalar_int;
    v->bits = 0;
    v->grown = 0;
  }
  /* A parameter that is assigned keeps only its type's facts: meet() cannot raise them. */
  while (visit(c, s->body))
    ;
}

/* ---- facts a branch's condition gives it ---- */

/* The variable that e reads, through conversions that keep its value, or NULL. */
static Var *compared_var(const Node *e) {
  while (e->kind == IR_CAST && is_int_type(e->ty) && is_int_type(e->lhs->ty) &&
         preserved(facts(e->lhs), e->lhs->ty, e->ty))
    e = e->lhs;
  return e->kind == IR_VAR && is_int_type(e->ty) && e->ty->kind != TY_BOOL ? e->var : NULL;
}

/* An integer constant's value. */
static bool compared_const(const Node *e, int64_t *v) {
  if (e->kind != IR_CONST || !is_int_type(e->ty) || e->ty->kind == TY_BOOL ||
      (e->ty->kind == TY_UINT64 && e->uval > INT64_MAX))
    return false;
  *v = e->ty->kind == TY_UINT64 && e->uval ? (int64_t)e->uval : e->ival;
  return true;
}

/* The smallest value `v OP c` (holding) leaves v, or INT64_MIN when it bounds nothing. */
static int64_t lower_bound(Op op, int64_t c, const Var *v) {
  switch (op) {
  case OP_GT: return c == INT64_MAX ? INT64_MIN : c + 1;
  case OP_GE:
  case OP_EQ: return c;
  case OP_NE: return c == 0 && v->nonneg ? 1 : INT64_MIN;
  default: return INT64_MIN;
  }
}

static const Op swapped[] = {[OP_EQ] = OP_EQ, [OP_NE] = OP_NE, [OP_LT] = OP_GT,
                             [OP_LE] = OP_GE, [OP_GT] = OP_LT, [OP_GE] = OP_LE};
static const Op negated[] = {[OP_EQ] = OP_NE, [OP_NE] = OP_EQ, [OP_LT] = OP_GE,
                             [OP_LE] = OP_GT, [OP_GT] = OP_LE, [OP_GE] = OP_LT};

typedef struct Refine {
  const Node *body;
  bool (*assigns)(const Node *, const Var *);
  RangeSaved *saved;
  int n, max;
} Refine;

/* Raises v's facts to a value >= lo while the branch runs. */
static void raise_to(Refine *r, Var *v, int64_t lo) {
  if (lo < 0 || (v->nonneg && (v->positive || lo == 0)) || r->n == r->max ||
      r->assigns(r->body, v))
    return;
  r->saved[r->n++] = (RangeSaved){v, v->nonneg, v->positive, v->fits32, v->bits};
  if (!v->nonneg)
    v->bits = (uint8_t)type_bits(v->ty);
  v->nonneg = true;
  v->positive |= lo > 0;
}

/* Facts of cond being `holds` (true or false): its comparisons of a variable with a
   constant, through `and` (holding), `or` (failing) and `not`. */
static void refine(Refine *r, const Node *cond, bool holds) {
  if (cond->kind == IR_UNARY && cond->op == OP_NOT) {
    refine(r, cond->lhs, !holds);
    return;
  }
  if (cond->kind == IR_LOGIC && (cond->op == OP_AND) == holds) {
    refine(r, cond->lhs, holds);
    refine(r, cond->rhs, holds);
    return;
  }
  if (cond->kind != IR_COMPARE || cond->op < OP_EQ || cond->op > OP_GE ||
      !is_int_type(cond->cty))
    return;
  Op op = holds ? cond->op : negated[cond->op];
  int64_t c;
  Var *v = compared_var(cond->lhs);
  if (v && compared_const(cond->rhs, &c)) {
    raise_to(r, v, lower_bound(op, c, v));
  } else if ((v = compared_var(cond->rhs)) && compared_const(cond->lhs, &c))
    raise_to(r, v, lower_bound(swapped[op], c, v));
}

int range_refine(const Node *cond, bool holds, const Node *body,
                 bool (*assigns)(const Node *, const Var *), RangeSaved *saved, int max) {
  Refine r = {.body = body, .assigns = assigns, .saved = saved, .max = max};
  refine(&r, cond, holds);
  return r.n;
}

void range_restore(RangeSaved *saved, int n) {
  while (n-- > 0) {
    Var *v = saved[n].v;
    v->nonneg = saved[n].nonneg;
    v->positive = saved[n].positive;
    v->fits32 = saved[n].fits32;
    v->bits = saved[n].bits;
  }
}

/* Is e, an unsigned 32-bit `a + b` or `a - c`, free of wrap-around, so that the same
   operation on its operands converted to int64 gives its value? */
bool range_no_wrap(const Node *e) {
  if (e->kind != IR_BINOP || (e->op != OP_ADD && e->op != OP_SUB) || e->cty->kind != TY_UINT32)
    return false;
  Facts a = facts(e->lhs), b = facts(e->rhs);
  if (e->op == OP_SUB) {                       /* a - c with a >= c: c is 0, or 1 and a > 0 */
    int64_t c = const_value(e->rhs);
    return c == 0 || (c == 1 && a.nn && a.pos);
  }
  int ab = a.nn && a.f32 ? imin(a.bits, 31) : a.bits, bb = b.nn && b.f32 ? imin(b.bits, 31) : b.bits;
  return a.nn && b.nn && imax(ab, bb) + 1 <= 32;
}
