/*
 * dsl/sema_call_gpu.c: calls of cupyx.jit's GPU builtins (call.h's handlers): the
 * thread model (laneid, syncwarp, grid, gridsize), atomics, warp shuffles and votes,
 * and the bit functions (popc, clz, ffs, brev).
 */
#include "dsl/call.h"

#include <string.h>

Val call_simple(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Type *ty = b->id == BI_LANEID || b->id == BI_ACTIVEMASK ? T(TY_UINT32) : T(TY_VOID);
  return val_expr(mk_builtin(S, b, ty, A->call->loc));
}

Val call_syncwarp(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *m = call_arg(S, A, 0, "mask", used);
  if (!call_no_other_kw(S, A, used) || !call_count_ok(S, b, A, A->npos))
    return val_error();
  Node *n = mk_builtin(S, b, T(TY_VOID), A->call->loc);
  Node *mask = m ? call_scalar_arg(S, A, m, 0) : sema_const_int(S, A->call->loc, T(TY_UINT32), 0xffffffff);
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
Val call_grid(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *nd = call_arg(S, A, 0, "ndim", used);
  if (!call_no_other_kw(S, A, used) || !nd)
    return (void)(nd || call_count_ok(S, b, A, 0)), val_error();
  Node *e = sema_rvalue(S, nd);
  int64_t n;
  if (sema_is_error(e))
    return val_error();
  if (!sema_const_i64(e, &n)) {                   /* cupyx: TypeError, ValueError */
    diag_error(S->c, e->loc, "%s() takes ndim 1, 2 or 3 as an int constant", A->fname);
    return val_error();
  }
  if (n < 1 || n > 3) {
    diag_error(S->c, e->loc, "%s() takes ndim 1, 2 or 3, not %lld", A->fname, (long long)n);
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

Val call_atomic(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
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
    Node *v = call_scalar_arg(S, A, A->pos[i], i);
    v = sema_assign_convert(S, v, elem->ty, what_arg(S, A, i));
    if (sema_is_error(v))
      return val_error();
    add_arg(n, v);
  }
  return val_expr(n);
}

/* ---------------------------------------------------------------- warp functions */

Val call_shfl(Sema *S, const Builtin *b, Args *A) {
  bool used[MAXKW] = {0};
  Node *mnd = call_arg(S, A, 0, "mask", used), *vnd = call_arg(S, A, 1, "var", used);
  Node *dnd = call_arg(S, A, 2, b->id == BI_SHFL_SYNC ? "srcLane" : b->id == BI_SHFL_XOR_SYNC ? "laneMask" : "delta", used);
  Node *wnd = call_arg(S, A, 3, "width", used);
  if (!call_no_other_kw(S, A, used) || !call_count_ok(S, b, A, A->npos + A->nkw) || !mnd || !vnd || !dnd)
    return val_error();
  Node *mask = call_scalar_arg(S, A, mnd, 0), *var = sema_settle(S, call_scalar_arg(S, A, vnd, 1));
  Node *delta = call_scalar_arg(S, A, dnd, 2);
  Node *width = wnd ? call_scalar_arg(S, A, wnd, 3) : sema_py_int(S, A->call->loc, 32);
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

Val call_vote(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *mask = call_scalar_arg(S, A, A->pos[0], 0);
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

Val call_bits(Sema *S, const Builtin *b, Args *A) {
  if (!call_plain(S, b, A))
    return val_error();
  Node *x = sema_settle(S, call_scalar_arg(S, A, A->pos[0], 0));
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

