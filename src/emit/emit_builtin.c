/*
 * emit_builtin.c: calls of builtins (IR_BUILTIN) as C text, spelled by their table row
 * (builtins.c): math functions with CuPy's loop selection (the float form `sinf` for
 * float16/float32 loops), atomics on an element's address, warp shuffles and votes,
 * thread indices, barriers and bit operations. The builtins whose meaning needs a helper
 * reach this file as IR_HELPER (lower.c), not here.
 */
#include "emit.h"

/* An atomic: its row's function on the element's address, the values in storage form. */
static void emit_atomic(Emitter *e, const Node *n) {
  const Node *a = n->args;
  const Type *et = a->ty;
  if (et->kind == TY_FLOAT16)
    e->half_atomic = true;
  putf(e, "%s(", n->bi->spell);
  emit_address(e, a);
  for (const Node *v = a->next; v; v = v->next) {
    put(e, ", ");
    if (et->kind == TY_FLOAT16)
      emit_storage_value(e, v);
    else
      emit_stored(e, et, v);
  }
  put(e, ")");
}

/* A shuffle: (mask, value in storage form, delta[, width]). */
static void emit_shfl(Emitter *e, const Node *n) {
  const Node *a = n->args;
  if (n->ty->kind == TY_FLOAT16)
    e->half_shfl[n->bi->id] = true;
  putf(e, "%s(", n->bi->spell);
  emit_expr(e, a, P_LOWEST);
  put(e, ", ");
  if (n->ty->kind == TY_FLOAT16)
    emit_storage_value(e, a->next);
  else
    emit_stored(e, n->ty, a->next);
  for (const Node *v = a->next->next; v; v = v->next) {
    put(e, ", ");
    emit_expr(e, v, P_LOWEST);
  }
  put(e, ")");
}

void emit_builtin(Emitter *e, const Node *n) {
  const Builtin *bi = n->bi;
  const Node *a = n->args;
  switch (bi->kind) {
  case BK_ATOMIC: emit_atomic(e, n); return;
  case BK_SHFL: emit_shfl(e, n); return;
  case BK_THREAD_IDX:
  case BK_VALUE:
    put(e, bi->spell);
    return;
  default:
    break;
  }
  if (bi->id == BI_LANEID) {
    e->uses_laneid = true;
    put(e, e->tg->laneid);
    return;
  }
  if (!bi->spell) {
    diag_plain(e->c, "internal error: builtin '%s' reached the emitter", bi->name);
    return;
  }
  /* a call of the row's function: the 64-bit form for 64-bit operands, the float form
     (sinf) for float16/float32 math loops; C's int-valued tests (type-generic: isnan)
     and votes read as bool */
  const char *fn = bi->spell64 && a && dtype_info[a->ty->kind].size == 8 ? bi->spell64 : bi->spell;
  TypeKind k = n->cty ? n->cty->kind : a ? a->ty->kind : n->ty->kind;
  bool as_bool = n->ty->kind == TY_BOOL;
  bool fsuffix = (bi->kind == BK_MATH || bi->kind == BK_SPECIAL) && type_is_float(k) &&
                 k != TY_FLOAT64 && !as_bool;
  putf(e, "%s%s%s(", as_bool ? "((bool)" : "", fn, fsuffix ? "f" : "");
  emit_args(e, a);
  put(e, as_bool ? "))" : ")");
}
