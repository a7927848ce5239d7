/*
 * range.c: value-range facts for codegen.
 *
 * Three facts per integer expression: non-negative, positive (> 0, a divisor that cannot
 * be zero) and fits32 (the value lies in int32's range). They let the emitter print C's
 * `/` and `%` for Python's `//` and `%` (which differ only for negative operands, and by
 * zero), and narrow non-negative int64 division to 32 bits.
 *
 * Sources of facts: the types themselves (unsigned and bool values are non-negative,
 * 8/16-bit and int32 values fit in 32 bits), literals, thread/block indices and
 * dimensions, array sizes and shapes, and closure rules (sums, products, quotients and
 * remainders of non-negative values, `x % d` with d >= 0, min/max, ...). A local variable
 * has a fact when every assignment to it does: range_analyse starts from "all facts hold"
 * for every local and removes facts until nothing changes (a fixed point), so
 * `d = 2 ... d += 1` stays positive while `x -= 1` kills non-negativity. A `for` variable
 * counting up (a step known positive, constant or not) from a non-negative start is
 * non-negative.
 * Parameters only have the facts of their types (their values come from the caller).
 *
 * Integer overflow is not modelled (as in C compilers, a non-negative int32 sum is taken
 * to stay non-negative); the facts are about the program's Python-level values.
 *
 * Thread-index arithmetic: sums and products of threadIdx/blockIdx/blockDim/gridDim (and
 * literals up to 1024, block sizes) are taken to be below 2^31, i.e. a grid has fewer
 * than 2^31 threads along each dimension. This is the assumption hand-written CUDA makes
 * with `int i = blockIdx.x * blockDim.x + threadIdx.x`, and it is what lets
 * `for i in range(jit.grid(1), n, jit.gridsize(1))` with an int32 n count from a known
 * non-negative start.
 */
#include "pykc.h"

#include <string.h>

typedef struct Facts {
  bool nn, pos, f32;
  bool idx;                 /* built from thread indices/dims (and block-size literals) */
} Facts;

static Facts facts(const Node *e);

static Facts type_facts(const Type *t) {
  Facts f = {.nn = false, .pos = false, .f32 = false};
  if (!t)
    return f;
  switch (t->kind) {
  case TY_BOOL: case TY_UINT8: case TY_UINT16:
    f.nn = f.f32 = true;
    break;
  case TY_INT8: case TY_INT16: case TY_INT32:
    f.f32 = true;
    break;
  case TY_UINT32: case TY_UINT64:
    f.nn = true;
    break;
  default:
    break;
  }
  return f;
}

static Facts either(Facts a, Facts b) {
  return (Facts){a.nn || b.nn, a.pos || b.pos, a.f32 || b.f32, a.idx || b.idx};
}

static bool is_int_type(const Type *t) {
  return t && t->kind >= TY_BOOL && t->kind <= TY_UINT64;
}

/* Does a value with facts f (of integer type from) keep its value when converted to to? */
static bool preserved(Facts f, const Type *from, const Type *to) {
  TypeKind k = to->kind;
  if (from->kind == k)
    return true;
  int fs = from->kind == TY_BOOL ? 1 : (int)dtype_info[from->kind].size;
  int ts = (int)dtype_info[k].size;
  bool fsigned = ty_is_signed(from), tsigned = ty_is_signed(to);
  if (fsigned == tsigned && ts >= fs)
    return true;                              /* widening in the same signedness */
  if (!fsigned && tsigned && ts > fs)
    return true;                              /* unsigned into a wider signed type */
  if (f.nn && f.f32)
    return ts >= 4;                           /* 0 .. 2^31-1 fits every 32/64-bit type */
  if (f.f32 && tsigned && ts >= 4)
    return true;
  if (f.nn && k == TY_UINT64)
    return true;
  return false;
}

static Facts cast_facts(const Node *e) {
  Facts t = type_facts(e->ty);
  const Type *from = e->lhs->ty;
  if (!is_int_type(e->ty) || !is_int_type(from))
    return t;
  Facts f = facts(e->lhs);
  if (e->ty->kind == TY_BOOL)
    return t;
  if (preserved(f, from, e->ty))
    return either(t, f);
  return t; /* (idx facts do not survive a conversion that may change the value) */
}

static Facts const_facts(const Node *e) {
  Facts f = type_facts(e->ty);
  if (!is_int_type(e->ty))
    return f;
  if (e->ty->kind == TY_UINT64) {
    uint64_t v = e->uval ? e->uval : (uint64_t)e->ival;
    f.nn = true;
    f.pos = v > 0;
    f.f32 = v <= INT32_MAX;
    return f;
  }
  f.nn = e->ival >= 0;
  f.pos = e->ival > 0;
  f.f32 = e->ival >= INT32_MIN && e->ival <= INT32_MAX;
  f.idx = e->ival >= 0 && e->ival <= 1024;
  return f;
}

static Facts binop_facts(Op op, const Type *cty, Facts a, Facts b) {
  Facts r = type_facts(cty), f = {.nn = false, .pos = false, .f32 = false};
  if (!is_int_type(cty))
    return r;
  switch (op) {
  case OP_ADD:
    f.nn = a.nn && b.nn;
    f.pos = (a.pos && b.nn) || (a.nn && b.pos);
    f.idx = f.f32 = a.idx && b.idx;
    break;
  case OP_MUL:
    f.nn = a.nn && b.nn;
    f.pos = a.pos && b.pos;
    f.idx = f.f32 = a.idx && b.idx;
    break;
  case OP_FLOORDIV:
    f.nn = a.nn && b.nn;
    f.f32 = f.nn && a.f32;                    /* |a // b| <= |a| */
    break;
  case OP_MOD:
    f.nn = b.nn;                              /* the divisor's sign; % 0 gives 0 */
    f.f32 = b.nn && (b.f32 || (a.nn && a.f32));
    break;
  case OP_POW:
    f.nn = a.nn;
    f.pos = a.pos;
    break;
  case OP_RSHIFT:
    f.nn = a.nn;
    f.f32 = a.nn && a.f32;
    break;
  case OP_BITAND:
    f.nn = a.nn || b.nn;
    f.f32 = (a.nn && a.f32) || (b.nn && b.f32);
    break;
  case OP_BITOR:
  case OP_BITXOR:
    f.nn = a.nn && b.nn;
    f.f32 = f.nn && a.f32 && b.f32;
    break;
  default:
    break;
  }
  return either(r, f);
}

static Facts builtin_facts(const Node *e) {
  Facts t = type_facts(e->ty), f = {.nn = false, .pos = false, .f32 = false};
  switch (e->bi->id) {
  case BI_THREADIDX: case BI_BLOCKIDX: case BI_LANEID:
    f.nn = f.f32 = f.idx = true;
    break;
  case BI_BLOCKDIM: case BI_GRIDDIM: case BI_WARPSIZE:
    f.nn = f.pos = f.f32 = f.idx = true;
    break;
  case BI_POPC: case BI_CLZ: case BI_FFS:
    f.nn = f.f32 = true;
    break;
  case BI_ABS:
    if (is_int_type(e->ty))
      f.nn = true;
    break;
  case BI_MIN:
  case BI_MAX: {
    if (!is_int_type(e->ty))
      break;
    bool min = e->bi->id == BI_MIN;
    f = min ? (Facts){.nn = true, .pos = true, .f32 = true} : (Facts){.nn = false, .pos = false, .f32 = true};
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
    }
    if (min)                                  /* min(non-negative fits32, anything >= 0) */
      for (const Node *a = e->args; a; a = a->next) {
        Facts x = facts(a);
        if (x.nn && x.f32 && f.nn)
          f.f32 = true;
      }
    break;
  }
  default:
    break;
  }
  return either(t, f);
}

static Facts facts(const Node *e) {
  if (!e)
    return (Facts){.nn = false, .pos = false, .f32 = false};
  switch (e->kind) {
  case IR_CONST:
    return const_facts(e);
  case IR_VAR: {
    Facts t = type_facts(e->ty);
    if (!is_int_type(e->ty))
      return t;
    return either(t, (Facts){.nn = e->var->nonneg, .pos = e->var->positive, .f32 = e->var->fits32});
  }
  case IR_CAST:
    return cast_facts(e);
  case IR_BINOP:
    return binop_facts(e->op, e->cty, facts(e->lhs), facts(e->rhs));
  case IR_UNARY:
    if (e->op == OP_POS)
      return facts(e->lhs);
    return type_facts(e->ty);
  case IR_LOGIC:
  case IR_COMPARE:
    return (Facts){.nn = true, .pos = false, .f32 = true};
  case IR_SELECT: {
    Facts a = facts(e->then), b = facts(e->els);
    return either(type_facts(e->ty), (Facts){.nn = a.nn && b.nn, .pos = a.pos && b.pos, .f32 = a.f32 && b.f32});
  }
  case IR_ARRAY_ATTR:                         /* size and shape are >= 0 */
    if (e->ty->kind == TY_INT64 && e->name && strcmp(e->name, "strides") != 0)
      return (Facts){.nn = true, .pos = false, .f32 = false};
    return type_facts(e->ty);
  case IR_BUILTIN:
    return builtin_facts(e);
  default:
    return type_facts(e->ty);
  }
}

bool range_nonneg(const Node *e) { return facts(e).nn; }
bool range_positive(const Node *e) { return facts(e).pos; }
bool range_fits32(const Node *e) { return facts(e).f32; }

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
  return changed;
}

static bool visit(const Node *n);

static bool visit_list(const Node *n) {
  bool changed = false;
  for (; n; n = n->next)
    changed |= visit(n);
  return changed;
}

static Facts for_facts(const Node *n) {
  Facts start = facts(n->lhs), stop = facts(n->rhs);
  Facts t = type_facts(n->var->ty), f = {.nn = false, .pos = false, .f32 = false};
  bool unit = n->cond && n->cond->kind == IR_CONST && n->cond->ival == 1;
  if (n->stepsign > 0 || (n->stepsign == 0 && facts(n->cond).pos)) {
    f.nn = start.nn;
    f.pos = start.pos;
    /* the last value is at most max(start, stop) when stepping by 1 */
    f.f32 = unit && start.f32 && stop.f32;
  }
  return either(t, f);
}

static bool visit(const Node *n) {
  if (!n)
    return false;
  bool changed = false;
  switch (n->kind) {
  case IR_ASSIGN:
    if (n->lhs->kind == IR_VAR)
      changed |= meet(n->lhs->var, either(type_facts(n->lhs->ty), facts(n->rhs)));
    break;
  case IR_AUGASSIGN:
    if (n->lhs->kind == IR_VAR) {
      Node as_cty = {.kind = IR_CAST, .ty = n->cty, .lhs = n->lhs};
      const Node *l = ty_equal(n->cty, n->lhs->ty) ? n->lhs : &as_cty;
      Node res = {.kind = IR_BINOP, .op = n->op, .ty = n->cty, .cty = n->cty,
                  .lhs = (Node *)l, .rhs = n->rhs};
      Node back = {.kind = IR_CAST, .ty = n->lhs->ty, .lhs = &res};
      changed |= meet(n->lhs->var, either(type_facts(n->lhs->ty),
                                          facts(ty_equal(n->cty, n->lhs->ty) ? &res : &back)));
    }
    break;
  case IR_FOR:
    changed |= meet(n->var, for_facts(n));
    break;
  default:
    break;
  }
  changed |= visit_list(n->kind == IR_BLOCK ? n->body : NULL);
  if (n->kind != IR_BLOCK) {
    changed |= visit_list(n->body);
    changed |= visit(n->then);
    changed |= visit(n->els);
  }
  return changed;
}

void range_analyse(Ctx *c, Spec *s) {
  (void)c;
  for (int i = 0; i < s->nparams; i++) {
    Facts t = type_facts(s->params[i]->ty);
    s->params[i]->nonneg = t.nn;
    s->params[i]->positive = false;
    s->params[i]->fits32 = t.f32;
  }
  for (Var *v = s->locals; v; v = v->next) {
    bool scalar_int = is_int_type(v->ty);
    v->nonneg = v->positive = v->fits32 = scalar_int;
  }
  /* A parameter that is assigned keeps only its type's facts: meet() cannot raise them. */
  while (visit(s->body))
    ;
}
