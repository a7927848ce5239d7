/*
 * emit_expr.c: expressions of the typed IR as C text (both targets).
 *
 * emit_expr() writes an rvalue at a given C precedence, adding parentheses only where
 * C needs them (and where -Wparentheses wants them: shifts, bitwise and comparison
 * operators mixed). Constants print as the shortest exact literal; casts follow the
 * language's conversion rules (float16 values are C floats, small integers C ints,
 * float->int through the target's cvt functions); comparisons print in the narrowest
 * exact form; IR_HELPER nodes (lower.c's choice of Python's //, %, ** and friends) call
 * the helpers of emit_helpers.c. Indexing is in emit_index.c, builtin calls in
 * emit_builtin.c.
 */
#include "emit.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool noop_cast(const Node *n);
static bool const_to_float(const Node *n);

const EmitOp emit_ops[OP_COUNT] = {
  [OP_ADD] = {"+", P_ADD},        [OP_SUB] = {"-", P_ADD},      [OP_MUL] = {"*", P_MUL},
  [OP_DIV] = {"/", P_MUL},        [OP_FLOORDIV] = {"/", P_MUL}, [OP_MOD] = {"%", P_MUL},
  [OP_LSHIFT] = {"<<", P_SHIFT},  [OP_RSHIFT] = {">>", P_SHIFT},
  [OP_BITAND] = {"&", P_BAND},    [OP_BITOR] = {"|", P_BOR},    [OP_BITXOR] = {"^", P_BXOR},
  [OP_AND] = {"&&", P_AND},       [OP_OR] = {"||", P_OR},
  [OP_EQ] = {"==", P_EQ},         [OP_NE] = {"!=", P_EQ},
  [OP_LT] = {"<", P_REL},         [OP_LE] = {"<=", P_REL},
  [OP_GT] = {">", P_REL},         [OP_GE] = {">=", P_REL},
};

/* The C type in which values of scalar kind k are computed. */
const char *emit_value_ctype(TypeKind k) {
  if (k == TY_FLOAT16)
    return "float";
  if (type_is_small_int(k))
    return "int";
  return dtype_info[k].ctype;
}

/* ---------------------------------------------------------------- constants */

/* Shortest decimal that reads back as the same value. */
static void float_literal(Emitter *e, double v, bool single) {
  if (single && fabs(v) > FLT_MAX)            /* rounds to FLT_MAX or overflows to inf */
    v = fabs(v) < 0x1.ffffffp127 ? copysign(FLT_MAX, v) : copysign(INFINITY, v);
  if (isnan(v)) {
    put(e, e->tg->nan(single ? TY_FLOAT32 : TY_FLOAT64));
    return;
  }
  if (isinf(v)) {
    if (v < 0)
      put(e, "-");
    put(e, e->tg->inf(single ? TY_FLOAT32 : TY_FLOAT64));
    return;
  }
  char b[64];
  for (int p = 1; p <= 17; p++) {
    snprintf(b, sizeof b, "%.*g", p, v);
    if (single ? strtof(b, NULL) == (float)v : strtod(b, NULL) == v)
      break;
  }
  if (!strpbrk(b, ".en"))
    strcat(b, ".0");
  put(e, b);
  if (single)
    put(e, "f");
}

static void emit_const(Emitter *e, const Node *n) {
  TypeKind k = n->ty->kind;
  switch (k) {
  case TY_BOOL:
    put(e, n->ival ? "true" : "false");
    return;
  case TY_UINT32:
  case TY_UINT64: {
    uint64_t v = k == TY_UINT32 ? (uint32_t)n->ival : n->uval ? n->uval : (uint64_t)n->ival;
    const char *suf = k == TY_UINT32 ? "u" : "ull";
    /* masks (0xffffffff) and powers of two read better in hex */
    if (v > 0xffff && (((v + 1) & v) == 0 || (v & (v - 1)) == 0))
      putf(e, "0x%llx%s", (unsigned long long)v, suf);
    else
      putf(e, "%llu%s", (unsigned long long)v, suf);
    return;
  }
  case TY_INT64:
    if (n->ival == INT64_MIN)
      put(e, "(-9223372036854775807ll - 1)");
    else
      putf(e, "%lldll", (long long)n->ival);
    return;
  case TY_FLOAT16:
  case TY_FLOAT32:
    float_literal(e, n->fval, true);
    return;
  case TY_FLOAT64:
    float_literal(e, n->fval, false);
    return;
  default:
    if (type_is_int(k)) {
      if (n->ival == INT32_MIN)
        put(e, "(-2147483647 - 1)");
      else
        putf(e, "%lld", (long long)n->ival);
      return;
    }
    diag_plain(e->c, "internal error: constant of type %s", ty_str(e->c, n->ty));
  }
}

bool emit_const_negative(const Node *n) {
  if (n->kind != IR_CONST)
    return false;
  if (type_is_float(n->ty->kind))
    return signbit(n->fval) && !isnan(n->fval);
  return ty_is_signed(n->ty) && n->ival < 0 && n->ival != INT32_MIN && n->ival != INT64_MIN;
}

/* ---------------------------------------------------------------- expressions */

/* Expressions whose C value is the storage type (a float16 one is a __half): array
   elements, kernel parameters, the results of atomics and shuffles. */
bool emit_yields_storage(const Emitter *e, const Node *n) {
  return ir_yields_storage(e->spec, n);
}

/* An unsigned value compared with zero: 1 (u >= 0, 0 <= u), 0 (u < 0, 0 > u), or -1 when
   the comparison is not of that form. (nvcc warns about such "pointless comparisons",
   which Python code like `0 <= j < n` with a uint32 j produces.) */
static int known_compare(const Node *n) {
  if (n->kind != IR_COMPARE || !type_is_unsigned(n->cty->kind))
    return -1;
  const Node *a = n->lhs, *b = n->rhs;
  Op op = n->op;
  if (a->kind == IR_CONST && a->ival == 0 && !a->uval) {
    const Node *t = a;
    a = b, b = t;
    op = op == OP_LE ? OP_GE : op == OP_GT ? OP_LT : OP_NONE;
  }
  if (b->kind != IR_CONST || b->ival != 0 || b->uval || !ir_pure(a))
    return -1;
  return op == OP_GE ? 1 : op == OP_LT ? 0 : -1;
}

/* `true && x` and `false || x` print as x. */
static const Node *logic_reduce(const Node *n) {
  if (n->kind != IR_LOGIC)
    return NULL;
  int l = known_compare(n->lhs), r = known_compare(n->rhs), keep = n->op == OP_AND ? 1 : 0;
  if (l == keep)
    return n->rhs;
  if (r == keep)
    return n->lhs;
  return NULL;
}

/* Precedence of the C text emit_expr() writes for n. */
int emit_prec(const Emitter *e, const Node *n) {
  if (n->ty && n->ty->kind == TY_FLOAT16 && emit_yields_storage(e, n))
    return P_UNARY; /* (float)x */
  switch (n->kind) {
  case IR_CONST:
    return emit_const_negative(n) ? P_UNARY : P_POSTFIX;
  case IR_CAST:
    if (noop_cast(n))
      return emit_prec(e, n->lhs);
    if (const_to_float(n))
      return n->lhs->ival < 0 ? P_UNARY : P_POSTFIX;
    return P_UNARY;
  case IR_UNARY:
  case IR_ADDR:
    return P_UNARY;
  case IR_LIB:
    return emit_lib_prec(e, n);
  case IR_BINOP:
    switch (n->op) {
    case OP_ADD: case OP_SUB: case OP_MUL:
      return n->cty->kind == TY_BOOL ? emit_ops[n->op == OP_MUL ? OP_BITAND : OP_BITOR].prec
                                     : emit_ops[n->op].prec;
    case OP_DIV: case OP_BITAND: case OP_BITOR: case OP_BITXOR:
      return emit_ops[n->op].prec;
    case OP_LSHIFT: case OP_RSHIFT:
      return e->tg->shift_helpers ? P_POSTFIX : P_SHIFT;
    case OP_FLOORDIV: case OP_MOD: /* float //: floor(a / b); else C's (lower.c chose) */
      return type_is_float(n->cty->kind) ? P_POSTFIX : P_MUL;
    default:
      return P_POSTFIX;
    }
  case IR_LOGIC:
    if (logic_reduce(n))
      return emit_prec(e, logic_reduce(n));
    return emit_ops[n->op].prec;
  case IR_COMPARE:
    if (known_compare(n) >= 0)
      return P_POSTFIX;
    return emit_ops[n->op].prec;
  case IR_SELECT:
    return P_COND;
  case IR_INDEX: {
    const Node *idx[EMIT_MAXDIM];
    int nidx;
    const Type *bt = emit_flatten_index(n, idx, &nidx)->ty;
    if (n->ty->kind < TY_NSCALAR && bt->kind == TY_ARRAY && !bt->contig && bt->ndim > 0)
      return P_UNARY; /* *(T *)(...) */
    return P_POSTFIX;
  }
  default:
    return P_POSTFIX;
  }
}

static bool is_bitwise(int prec) {
  return prec == P_SHIFT || prec == P_BAND || prec == P_BXOR || prec == P_BOR;
}

static bool is_logical(int prec) {
  return prec == P_REL || prec == P_EQ || prec == P_AND || prec == P_OR;
}

/* Operand of a binary operator at level `parent`: parenthesised when it binds looser,
   and (for readability and -Wparentheses) when shift, bitwise and comparison levels
   mix: (a & b) == c, (a + b) << c, (a < b) == c, (a && b) || c. */
static void operand(Emitter *e, const Node *n, int parent, bool right) {
  int p = emit_prec(e, n);
  int need = right ? parent + 1 : parent;
  if (p != parent && p < P_UNARY &&
      (is_bitwise(parent) || (is_logical(parent) && (is_bitwise(p) || is_logical(p)))))
    need = P_UNARY;
  emit_expr(e, n, need);
}

void emit_args(Emitter *e, const Node *a) {
  for (; a; a = a->next) {
    emit_expr(e, a, P_LOWEST);
    if (a->next)
      put(e, ", ");
  }
}

/* Writes n converted to the storage type t (narrowing small types, float16 as __half). */
void emit_stored(Emitter *e, const Type *t, const Node *n) {
  if (t->kind == TY_FLOAT16) {
    emit_expr(e, n, P_LOWEST); /* float16 variables, parameters and results are C floats */
    return;
  }
  bool held = n->kind == IR_VAR || n->kind == IR_CALL || n->kind == IR_TUPLE_GET ||
              (n->kind == IR_INDEX && n->ty->kind < TY_NSCALAR);
  if (t->kind < TY_NSCALAR && type_is_small(t->kind) && !(held && n->ty->kind == t->kind) &&
      !(n->kind == IR_CAST && n->ty->kind == t->kind)) {
    putf(e, "(%s)", emit_ctype(e, t));
    emit_expr(e, n, P_UNARY);
    return;
  }
  emit_expr(e, n, P_LOWEST);
}

/* A conversion whose C value is already of the target type (int8 -> int32 etc.). */
static bool noop_cast(const Node *n) {
  if (n->kind != IR_CAST)
    return false;
  if (ty_equal(n->ty, n->lhs->ty))
    return true;
  TypeKind tk = n->ty->kind, fk = n->lhs->ty->kind;
  return tk < TY_NSCALAR && fk < TY_NSCALAR && tk != TY_BOOL && fk != TY_BOOL &&
         strcmp(emit_value_ctype(fk), tk == TY_FLOAT16 ? "float" : dtype_info[tk].ctype) == 0;
}

/* An integer constant converted to a float type prints as a float literal (when exact). */
static bool const_to_float(const Node *n) {
  if (n->kind != IR_CAST || n->lhs->kind != IR_CONST || !type_is_float(n->ty->kind) ||
      !type_is_int(n->lhs->ty->kind) || n->lhs->ty->kind == TY_UINT64)
    return false;
  int64_t v = n->lhs->ival;
  int64_t lim = n->ty->kind == TY_FLOAT16 ? 2048 : n->ty->kind == TY_FLOAT32 ? 16777216 : 1ll << 53;
  return v >= -lim && v <= lim;
}

static void emit_cast(Emitter *e, const Node *n) {
  const Type *to = n->ty, *from = n->lhs->ty;
  TypeKind tk = to->kind, fk = from->kind;
  if (noop_cast(n)) {
    emit_expr(e, n->lhs, P_UNARY);
    return;
  }
  if (const_to_float(n)) {
    float_literal(e, (double)n->lhs->ival, tk != TY_FLOAT64);
    return;
  }
  if (tk == TY_BOOL) {
    put(e, "(bool)");
    emit_expr(e, n->lhs, P_UNARY);
  } else if (tk == TY_FLOAT16) {
    put(e, "(float)"); /* float16 values are C floats (cupyx does not round here) */
    emit_expr(e, n->lhs, P_UNARY);
  } else if (type_is_int(tk) && type_is_float(fk) && e->tg->cvt_prefix) {
    /* the GPU converts to 8/16 bits through a saturating 32-bit cvt.rzi, then truncates
       ((signed char)300.7f == 44, (unsigned char)3e9f == 0): do the same */
    int bits = dtype_info[tk].size * 8;
    if (bits < 32)
      putf(e, "(%s)", dtype_info[tk].ctype);
    putf(e, "%s%c%d(", e->tg->cvt_prefix, type_is_unsigned(tk) ? 'u' : 'i', bits < 32 ? 32 : bits);
    emit_expr(e, n->lhs, P_LOWEST);
    put(e, ")");
  } else {
    putf(e, "(%s)", emit_ctype(e, to));
    emit_expr(e, n->lhs, P_UNARY);
  }
}

/* A constant c, given that it is to be compared with a value of type t: a copy typed t
   if t holds c exactly, else NULL. */
static const Node *const_as(Emitter *e, const Node *c, const Type *t) {
  if (c->kind != IR_CONST || t->kind >= TY_NSCALAR)
    return NULL;
  Node *r = arena_alloc(&e->c->arena, sizeof *r);
  *r = *c;
  r->ty = (Type *)t;
  r->next = NULL;
  bool cint = type_is_int(c->ty->kind) && c->ty->kind != TY_UINT64;
  switch (t->kind) {
  case TY_INT32:
    return cint && c->ival >= INT32_MIN && c->ival <= INT32_MAX ? r : NULL;
  case TY_UINT32:
    return cint && c->ival >= 0 && c->ival <= UINT32_MAX ? r : NULL;
  case TY_FLOAT32:
    if (cint && c->ival >= -16777216 && c->ival <= 16777216) {
      r->fval = (double)c->ival;
      return r;
    }
    return type_is_float(c->ty->kind) && (double)(float)c->fval == c->fval ? r : NULL;
  default:
    return NULL;
  }
}

/* Sema compares in a wide type when the operand types differ ((long long)u < 5ll for a
   uint32 u); against a constant that the narrow type holds, print the narrow form. */
static bool narrow_compare(Emitter *e, const Node *n) {
  for (int i = 0; i < 2; i++) {
    const Node *w = i ? n->rhs : n->lhs, *c = i ? n->lhs : n->rhs;
    if (w->kind != IR_CAST || n->cty->kind < TY_INT64)
      continue;
    const Type *t = w->lhs->ty;
    if (t->kind != TY_INT32 && t->kind != TY_UINT32 && t->kind != TY_FLOAT32)
      continue;
    const Node *k = const_as(e, c, t);
    if (!k)
      continue;
    int p = emit_ops[n->op].prec;
    operand(e, i ? k : w->lhs, p, false);
    putf(e, " %s ", emit_ops[n->op].c);
    operand(e, i ? w->lhs : k, p, true);
    return true;
  }
  return false;
}

static void emit_compare(Emitter *e, const Node *n) {
  if (known_compare(n) >= 0) {
    put(e, known_compare(n) ? "true" : "false");
    return;
  }
  if (narrow_compare(e, n))
    return;
  int p = emit_ops[n->op].prec;
  operand(e, n->lhs, p, false);
  putf(e, " %s ", emit_ops[n->op].c);
  operand(e, n->rhs, p, true);
}

static void emit_binop(Emitter *e, const Node *n) {
  TypeKind k = n->cty->kind;
  Op op = n->op;
  bool fl = type_is_float(k);
  const char *f = k == TY_FLOAT64 ? "" : "f";
  /* x // 0.0 prints as floor(x * inf), the same IEEE value: nvcc rejects a division by a
     constant zero (39-D); lower.c made x / 0.0 a product */
  if (fl && op == OP_FLOORDIV && n->rhs->kind == IR_CONST && n->rhs->fval == 0) {
    putf(e, "floor%s(", f);
    operand(e, n->lhs, P_MUL, false);
    put(e, " * ");
    float_literal(e, copysign(INFINITY, n->rhs->fval), k != TY_FLOAT64);
    put(e, ")");
    return;
  }
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MUL:
    if (k == TY_BOOL)
      op = op == OP_MUL ? OP_BITAND : OP_BITOR;
    break;
  case OP_POW: /* float only: lower.c made integer ** a helper */
    putf(e, "pow%s(", f);
    emit_expr(e, n->lhs, P_LOWEST);
    put(e, ", ");
    emit_expr(e, n->rhs, P_LOWEST);
    put(e, ")");
    return;
  case OP_FLOORDIV:
    if (fl) {
      putf(e, "floor%s(", f);
      operand(e, n->lhs, P_MUL, false);
      put(e, " / ");
      operand(e, n->rhs, P_MUL, true);
      put(e, ")");
      return;
    }
    break; /* lower.c kept C's / (non-negative operands, a positive divisor) */
  case OP_LSHIFT:
  case OP_RSHIFT:
    if (e->tg->shift_helpers) {
      emit_call2(e, op == OP_LSHIFT ? HK_SHL : HK_SHR, k, n->lhs, n->rhs);
      return;
    }
    break;
  default:
    break;
  }
  int p = emit_ops[op].prec;
  operand(e, n->lhs, p, false);
  putf(e, " %s ", emit_ops[op].c);
  operand(e, n->rhs, p, true);
}

static void emit_unary(Emitter *e, const Node *n) {
  switch (n->op) {
  case OP_NEG:
    put(e, "-");
    break;
  case OP_POS:
    put(e, "+");
    break;
  case OP_INVERT:
    put(e, n->lhs->ty->kind == TY_BOOL ? "!" : "~");
    break;
  default:
    put(e, "!");
    break;
  }
  /* never print "--x" or "- -1" */
  const Node *o = n->lhs;
  if ((o->kind == IR_UNARY && (o->op == OP_NEG || o->op == OP_POS)) || emit_const_negative(o) ||
      emit_prec(e, o) < P_UNARY) {
    put(e, "(");
    emit_expr(e, o, P_LOWEST);
    put(e, ")");
  } else
    emit_expr(e, o, P_UNARY);
}

static void emit_call(Emitter *e, const Node *n) {
  Spec *s = n->callee;
  putf(e, "%s%s(", e->tg->fn_prefix, s->cname);
  int i = 0;
  for (const Node *a = n->args; a; a = a->next, i++) {
    if (i)
      put(e, ", ");
    if (i < s->nparams)
      emit_stored(e, s->ptypes[i], a);
    else
      emit_expr(e, a, P_LOWEST);
  }
  put(e, ")");
}

static void emit_tuple(Emitter *e, const Node *n) {
  putf(e, "make_%s(", emit_tuple_name(e, n->ty));
  int i = 0;
  for (const Node *a = n->args; a; a = a->next, i++) {
    if (i)
      put(e, ", ");
    emit_stored(e, n->ty->items[i], a);
  }
  put(e, ")");
}

/* The bare C text of n (its value in the computation type; float16 lvalues as __half). */
static void bare(Emitter *e, const Node *n) {
  switch (n->kind) {
  case IR_CONST: emit_const(e, n); return;
  case IR_VAR: put(e, n->var->cname); return;
  case IR_CAST: emit_cast(e, n); return;
  case IR_BINOP: emit_binop(e, n); return;
  case IR_UNARY: emit_unary(e, n); return;
  case IR_LOGIC: {
    if (logic_reduce(n)) {
      bare(e, logic_reduce(n));
      return;
    }
    int p = emit_ops[n->op].prec;
    operand(e, n->lhs, p, false);
    putf(e, " %s ", emit_ops[n->op].c);
    operand(e, n->rhs, p, true);
    return;
  }
  case IR_COMPARE: emit_compare(e, n); return;
  case IR_SELECT:
    emit_expr(e, n->cond, P_OR);
    put(e, " ? ");
    emit_expr(e, n->then, P_COND);
    put(e, " : ");
    emit_expr(e, n->els, P_COND);
    return;
  case IR_INDEX: emit_index(e, n); return;
  case IR_ARRAY_ATTR: emit_array_attr(e, n); return;
  case IR_TUPLE: emit_tuple(e, n); return;
  case IR_TUPLE_GET:
    emit_expr(e, n->lhs, P_POSTFIX);
    putf(e, ".f%lld", (long long)n->ival);
    return;
  case IR_BUILTIN: emit_builtin(e, n); return;
  case IR_CALL: emit_call(e, n); return;
  case IR_LIB: emit_lib(e, n); return;
  case IR_HELPER:
    emit_helper_call(e, n->helper, n->cty->kind);
    emit_expr(e, n->lhs, P_LOWEST);
    if (n->rhs) {
      put(e, ", ");
      emit_expr(e, n->rhs, P_LOWEST);
    }
    put(e, ")");
    return;
  case IR_ADDR: emit_address(e, n->lhs); return;
  case IR_DEREF:
    put(e, "(*");
    emit_expr(e, n->lhs, P_UNARY);
    put(e, ")");
    return;
  default:
    diag_plain(e->c, "internal error: IR kind %d in an expression", (int)n->kind);
  }
}

/* Writes n as an rvalue, parenthesised if it binds looser than prec. */
void emit_expr(Emitter *e, const Node *n, int prec) {
  if (noop_cast(n) && !(n->lhs->ty->kind == TY_FLOAT16 && emit_yields_storage(e, n->lhs))) {
    emit_expr(e, n->lhs, prec);
    return;
  }
  int p = emit_prec(e, n);
  bool paren = p < prec;
  if (paren)
    put(e, "(");
  if (n->ty && n->ty->kind == TY_FLOAT16 && emit_yields_storage(e, n)) {
    e->uses_half = true;
    put(e, "(float)");
    bare(e, n); /* a name, call, subscript or *(T *)(...): all bind tighter */
  } else
    bare(e, n);
  if (paren)
    put(e, ")");
}

/* A float16 value as a __half (for stores, atomics, shuffles). */
void emit_storage_value(Emitter *e, const Node *n) {
  e->uses_half = true;
  if (emit_yields_storage(e, n) && n->ty->kind == TY_FLOAT16) {
    bare(e, n);
    return;
  }

  put(e, "(__half)");
  emit_expr(e, n, P_UNARY);
}

/* An lvalue (assignment target). */
void emit_lvalue(Emitter *e, const Node *n) {
  if (n->kind == IR_VAR)
    put(e, n->var->cname);
  else
    bare(e, n);
}
