/*
 * emit_builtin.c: calls of builtins (IR_BUILTIN) as C text: math functions with CuPy's
 * loop selection (the float form `sinf` for float16/float32 loops), atomics on an
 * element's address, warp shuffles and votes, thread indices, barriers, bit operations,
 * and Python's min/max/abs through the helpers of emit_helpers.c.
 */
#include "emit.h"

/* A float loop calls the C math function NAME (NAMEf for float16/float32); an integer
   one the helper h. */
static void math_or_helper(Emitter *e, const char *name, HelperKind h, TypeKind k,
                           const Node *a) {
  if (!type_is_float(k)) {
    emit_call2(e, h, k, a, a->next);
    return;
  }
  putf(e, "%s%s(", name, k == TY_FLOAT64 ? "" : "f");
  emit_args(e, a);
  put(e, ")");
}

/* Math functions (BK_MATH): the float form of the C name for float16/float32 loops. */
static void emit_math(Emitter *e, const Node *n) {
  int id = n->bi->id;
  TypeKind k = n->cty ? n->cty->kind : n->args->ty->kind;
  bool fl = type_is_float(k);
  const char *f = k == TY_FLOAT64 ? "" : "f";
  const Node *a = n->args, *b = a ? a->next : NULL;
  switch (id) {
  case BI_MINIMUM: emit_call2(e, HK_MIN, k, a, b); return;
  case BI_MAXIMUM: emit_call2(e, HK_MAX, k, a, b); return;
  case BI_FMIN: math_or_helper(e, "fmin", HK_FMIN, k, a); return;
  case BI_FMAX: math_or_helper(e, "fmax", HK_FMAX, k, a); return;
  case BI_POWER: math_or_helper(e, "pow", HK_POW, k, a); return;
  case BI_FMOD: math_or_helper(e, "fmod", HK_FMOD, k, a); return;
  case BI_ABSOLUTE:
  case BI_FABS:
    if (fl) {
      putf(e, "fabs%s(", f);
      emit_expr(e, a, P_LOWEST);
      put(e, ")");
    } else if (type_is_unsigned(k) || k == TY_BOOL)
      emit_expr(e, a, P_POSTFIX);
    else {
      emit_helper_call(e, HK_ABS, k);
      emit_expr(e, a, P_LOWEST);
      put(e, ")");
    }
    return;
  case BI_SIGN:
  case BI_SQUARE:
  case BI_RECIPROCAL:
    if (id == BI_RECIPROCAL && fl) {
      put(e, k == TY_FLOAT64 ? "(1.0 / " : "(1.0f / ");
      emit_expr(e, a, P_UNARY);
      put(e, ")");
      return;
    }
    emit_helper_call(e, id == BI_SIGN ? HK_SIGN : id == BI_SQUARE ? HK_SQUARE : HK_RECIP, k);
    emit_expr(e, a, P_LOWEST);
    put(e, ")");
    return;
  case BI_ISNAN:
  case BI_ISINF:
  case BI_ISFINITE:
    if (!fl) {
      put(e, id == BI_ISFINITE ? "true" : "false");
      return;
    }
    putf(e, "((bool)%s(", id == BI_ISNAN ? "isnan" : id == BI_ISINF ? "isinf" : "isfinite");
    emit_expr(e, a, P_LOWEST);
    put(e, "))");
    return;
  default:
    putf(e, "%s%s(", n->bi->cuda, fl ? f : "");
    emit_args(e, a);
    put(e, ")");
  }
}

static const char *const atomic_fn[] = {
  [BI_ATOMIC_ADD - BI_ATOMIC_ADD] = "atomicAdd",  [BI_ATOMIC_SUB - BI_ATOMIC_ADD] = "atomicSub",
  [BI_ATOMIC_EXCH - BI_ATOMIC_ADD] = "atomicExch", [BI_ATOMIC_MIN - BI_ATOMIC_ADD] = "atomicMin",
  [BI_ATOMIC_MAX - BI_ATOMIC_ADD] = "atomicMax",  [BI_ATOMIC_INC - BI_ATOMIC_ADD] = "atomicInc",
  [BI_ATOMIC_DEC - BI_ATOMIC_ADD] = "atomicDec",  [BI_ATOMIC_CAS - BI_ATOMIC_ADD] = "atomicCAS",
  [BI_ATOMIC_AND - BI_ATOMIC_ADD] = "atomicAnd",  [BI_ATOMIC_OR - BI_ATOMIC_ADD] = "atomicOr",
  [BI_ATOMIC_XOR - BI_ATOMIC_ADD] = "atomicXor",
};

static const char *const shfl_fn[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                                      "__shfl_xor_sync"};

void emit_builtin(Emitter *e, const Node *n) {
  const Builtin *bi = n->bi;
  int id = bi->id;
  const Node *a = n->args;
  if (bi->kind == BK_MATH) {
    emit_math(e, n);
    return;
  }
  if (id >= BI_ATOMIC_ADD && id <= BI_ATOMIC_XOR) {
    const Type *et = a->ty;
    bool fsub = id == BI_ATOMIC_SUB && type_is_float(et->kind);
    if (et->kind == TY_FLOAT16)
      e->half_atomic = true;
    put(e, fsub ? "atomicAdd" : atomic_fn[id - BI_ATOMIC_ADD]);
    put(e, "(");
    emit_address(e, a);
    for (const Node *v = a->next; v; v = v->next) {
      put(e, ", ");
      if (fsub) {
        if (et->kind == TY_FLOAT16)
          put(e, "(__half)");
        put(e, "-");
        emit_expr(e, v, P_UNARY);
      } else if (et->kind == TY_FLOAT16)
        emit_storage_value(e, v);
      else
        emit_stored(e, et, v);
    }
    put(e, ")");
    return;
  }
  if (id >= BI_SHFL_SYNC && id <= BI_SHFL_XOR_SYNC) {
    if (n->ty->kind == TY_FLOAT16)
      e->half_shfl[id - BI_SHFL_SYNC] = true;
    putf(e, "%s(", shfl_fn[id - BI_SHFL_SYNC]);
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
    return;
  }
  switch (id) {
  case BI_THREADIDX: case BI_BLOCKIDX: case BI_BLOCKDIM: case BI_GRIDDIM:
    put(e, bi->cuda);
    return;
  case BI_WARPSIZE:
    put(e, "warpSize");
    return;
  case BI_LANEID:
    e->uses_laneid = true;
    put(e, e->tg->laneid);
    return;
  case BI_SYNCTHREADS: put(e, "__syncthreads()"); return;
  case BI_THREADFENCE: put(e, "__threadfence()"); return;
  case BI_ACTIVEMASK: put(e, "__activemask()"); return;
  case BI_SYNCWARP: put(e, "__syncwarp("); break;
  case BI_BALLOT_SYNC: put(e, "__ballot_sync("); break;
  case BI_ALL_SYNC:
  case BI_ANY_SYNC:
    putf(e, "((bool)%s(", id == BI_ALL_SYNC ? "__all_sync" : "__any_sync");
    emit_args(e, a);
    put(e, "))");
    return;
  case BI_POPC: case BI_CLZ: case BI_FFS: case BI_BREV: {
    static const char *const nm[] = {"__popc", "__clz", "__ffs", "__brev"};
    bool wide = a->ty->kind == TY_INT64 || a->ty->kind == TY_UINT64;
    putf(e, "%s%s(", nm[id - BI_POPC], wide ? "ll" : "");
    break;
  }
  case BI_MIN:
  case BI_MAX: {
    int nargs = ast_count(a);
    for (int i = 1; i < nargs; i++)
      emit_helper_call(e, id == BI_MIN ? HK_MIN : HK_MAX, n->ty->kind);
    emit_expr(e, a, P_LOWEST);
    for (const Node *v = a->next; v; v = v->next) {
      put(e, ", ");
      emit_expr(e, v, P_LOWEST);
      put(e, ")");
    }
    return;
  }
  case BI_ABS: {
    TypeKind k = n->ty->kind;
    if (type_is_float(k)) {
      putf(e, "fabs%s(", k == TY_FLOAT64 ? "" : "f");
    } else if (type_is_unsigned(k) || k == TY_BOOL) {
      emit_expr(e, a, P_POSTFIX);
      return;
    } else
      emit_helper_call(e, HK_ABS, k);
    break;
  }
  default:
    diag_plain(e->c, "internal error: builtin '%s' reached the emitter", bi->name);
    return;
  }
  emit_args(e, a);
  put(e, ")");
}
