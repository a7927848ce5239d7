/*
 * narrow.c: integer arithmetic done in 32 bits where the value ranges (range.c) allow
 * (issue 21). A GPU divides 32-bit integers in a short sequence of instructions and
 * 64-bit ones in a long subroutine; an unsigned 32-bit division is shorter again than a
 * signed one (no signs to take off and put back). So, for an operation lower.c has
 * chosen a form for (and before its operands are lowered):
 *
 * - `/` and `%` (C's, kept for Python's // and % because both operands are non-negative
 *   or unsigned), and their zero-guarded helpers (div, rem): in uint32 when both operands
 *   lie in [0, 2^32);
 * - Python's floordiv and mod helpers on int64: in int32 when both operands lie in
 *   int32's range and one of them is non-negative (then INT32_MIN // -1, the one int32
 *   quotient that does not fit, cannot occur);
 * - an int64 (uint64) product of two values in int32's (uint32's) range: its operands
 *   converted to 32 bits and back, so the product is one widening 32 x 32 -> 64 multiply.
 *
 * The narrowed operation `a OP b` in type K becomes `(K)((N)a OP (N)b)`: the quotient and
 * the remainder of values in N's range lie in N's range, so the value is the same; an
 * operand that is a conversion between integer types of 32 bits or more is converted from
 * the integer it converts (the same value modulo 2^32), a constant takes type N.
 */
#include "lower.h"

static Node *node(Ctx *c, NodeKind k, Loc loc, TypeKind ty) {
  Node *n = ast_new(c, k, loc);
  n->ty = ty_scalar(ty);
  return n;
}

/* x as a value of type nk (its value lies in nk's range: the caller checked the ranges). */
static Node *to_kind(Ctx *c, Node *x, TypeKind nk) {
  if (x->kind == IR_CONST) {
    Node *k = ast_new(c, IR_CONST, x->loc);
    *k = *x;
    k->next = NULL;
    k->ty = ty_scalar(nk);
    if (x->ty->kind == TY_UINT64 && x->uval)          /* (the value fits nk) */
      k->ival = (int64_t)x->uval;
    k->uval = 0;
    return k;
  }
  /* a conversion of an integer to x's integer type of at least 32 bits keeps its value
     modulo 2^32: converted to nk, the integer and x give the same */
  while (x->kind == IR_CAST && type_is_int(x->ty->kind) && dtype_info[x->ty->kind].size >= 4 &&
         (x->lhs->ty->kind == TY_BOOL || type_is_int(x->lhs->ty->kind)))
    x = x->lhs;
  if (x->ty->kind == nk)
    return x;
  Node *n = node(c, IR_CAST, x->loc, nk);
  n->lhs = x;
  return n;
}

/* Is x computed in 32 bits already (a conversion from a 32-bit or smaller integer, or a
   constant), so that a 64-bit product of it is a widening multiply as it stands? */
static bool narrow_already(const Node *x) {
  if (x->kind == IR_CONST)
    return true;
  return x->kind == IR_CAST && x->lhs->ty && (x->lhs->ty->kind == TY_BOOL ||
         (type_is_int(x->lhs->ty->kind) && dtype_info[x->lhs->ty->kind].size <= 4));
}

static bool is_divmod(const Node *n) {
  if (n->kind == IR_BINOP)
    return n->op == OP_FLOORDIV || n->op == OP_MOD;
  return n->kind == IR_HELPER && (n->helper == HK_DIVZ || n->helper == HK_MODZ ||
                                  n->helper == HK_FLOORDIV || n->helper == HK_MOD);
}

/* The type a division or remainder in k can be done in, or TY_VOID. */
static TypeKind divmod_kind(const Node *n, TypeKind k) {
  if (range_fits_u32(n->lhs) && range_fits_u32(n->rhs))
    return k == TY_UINT32 ? TY_VOID : TY_UINT32;
  if (k == TY_INT64 && range_fits32(n->lhs) && range_fits32(n->rhs) &&
      (range_nonneg(n->lhs) || range_nonneg(n->rhs)))
    return TY_INT32;
  return TY_VOID;
}

/* A 64-bit product's operands as 32-bit values widened back. */
static void narrow_mul(Ctx *c, Node *n, TypeKind k) {
  if (k != TY_INT64 && k != TY_UINT64)
    return;
  if (narrow_already(n->lhs) && narrow_already(n->rhs))
    return;
  bool ok = k == TY_UINT64 ? range_fits_u32(n->lhs) && range_fits_u32(n->rhs)
                           : range_fits32(n->lhs) && range_fits32(n->rhs);
  if (!ok)
    return;
  TypeKind nk = k == TY_UINT64 ? TY_UINT32 : TY_INT32;
  Node **ops[2] = {&n->lhs, &n->rhs};
  for (int i = 0; i < 2; i++) {
    Node *x = *ops[i];
    if (narrow_already(x))
      continue;
    Node *w = node(c, IR_CAST, x->loc, k);
    w->lhs = to_kind(c, x, nk);
    w->next = x->next;
    *ops[i] = w;
  }
}

void narrow_arith(Ctx *c, Node *n) {
  if (!n->cty || !ty_equal(n->ty, n->cty))
    return;
  TypeKind k = n->cty->kind;
  if (k != TY_INT32 && k != TY_INT64 && k != TY_UINT64 && k != TY_UINT32)
    return;
  if (n->kind == IR_BINOP && n->op == OP_MUL) {
    narrow_mul(c, n, k);
    return;
  }
  if (!is_divmod(n))
    return;
  TypeKind nk = divmod_kind(n, k);
  if (nk == TY_VOID)
    return;
  Node *op = ast_new(c, n->kind, n->loc);               /* the operation, in nk */
  *op = *n;
  op->next = NULL;
  op->ty = op->cty = ty_scalar(nk);
  op->lhs = to_kind(c, n->lhs, nk);
  op->rhs = to_kind(c, n->rhs, nk);
  op->lhs->next = NULL;
  op->rhs->next = NULL;
  Node *cast = node(c, IR_CAST, n->loc, k);            /* n becomes (K)op in its place */
  cast->ty = n->ty;
  cast->lhs = op;
  cast->next = n->next;
  *n = *cast;
}
