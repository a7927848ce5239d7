/*
 * emit_builtin.c: calls of builtins (IR_BUILTIN) as C text, spelled by their table row
 * (builtins.c): math functions with CuPy's loop selection (the float form `sinf` for
 * float16/float32 loops), atomics on an element's address, warp shuffles and votes,
 * thread indices, barriers and bit operations. The builtins whose meaning needs a helper
 * reach this file as IR_HELPER (lower.c), not here. Also the device libraries' operations
 * (IR_LIB): their devlib.c row's spelling for the target.
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

static const char *lib_spelling(const Emitter *e, const Node *n) {
  return e->tg->target == TARGET_CUDA ? n->lib->cuda : n->lib->c;
}

int emit_lib_prec(const Emitter *e, const Node *n) {
  return lib_spelling(e, n)[0] == '&' ? P_UNARY : P_POSTFIX;
}

/* The row's spelling with %0..%9 (the receiver and arguments), %T (the receiver's CUB
   class), %t (the dtype name it computes in) and %n (its BLOCK_DIM_X) filled in. */
void emit_lib(Emitter *e, const Node *n) {
  const Node *args[10] = {0};
  int na = 0;
  for (const Node *a = n->args; a && na < 10; a = a->next)
    args[na++] = a;
  const Type *obj = n->lib->id == LIB_CUB_NEW ? n->ty : args[0] ? args[0]->ty : NULL;
  e->lib_flags |= n->lib->flags;
  if (n->lib->id == LIB_CUB_NEW && type_is_complex(obj->elem->kind))
    e->helper_used[HK_CCUB][obj->elem->kind] = true;
  for (const char *p = lib_spelling(e, n); *p; p++) {
    if (*p != '%' || !p[1]) {
      buf_putc(e->out, *p);
      continue;
    }
    char c = *++p;
    if (c >= '0' && c <= '9' && c - '0' < na)
      emit_expr(e, args[c - '0'], p[1] == '.' ? P_POSTFIX : P_LOWEST);
    else if (c == 'H')
      emit_thrust_call(e, n);
    else if (c == 'e' && args[0])                  /* an iterator's elements' C type */
      put(e, emit_ctype(e, args[0]->ty->elem));
    else if (c == 'r')
      put(e, emit_ctype(e, n->ty));
    else if (c == 't' && obj && obj->elem)
      put(e, dtype_info[lib_cub_kind(obj)].name);
    else if (c == 'n' && obj)
      putf(e, "%lld", (long long)obj->n);
    else if (c == 'T' && obj && obj->elem)
      put(e, lib_cub_class(e->c, obj));
    else
      diag_plain(e->c, "internal error: spelling '%s' of a library operation", lib_spelling(e, n));
  }
}
