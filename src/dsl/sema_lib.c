/*
 * dsl/sema_lib.c: cupyx.jit's device libraries, jit.cg and jit.cub, typed by the rows of
 * types/devlib.c. Their objects (a thread block, a grid, a dim3, a CUB reducer, a functor)
 * are TY_OBJ values that only ever serve as the receiver or an argument of another
 * operation; a name bound to one (`g = jit.cg.this_grid()`) or to a class (`WR =
 * jit.cub.WarpReduce[T]`) is an alias kept in FnState.libs, so each use is the object's
 * expression again (`cg::this_grid().sync()`): no C variable of a type that has no
 * default constructor. The objects are pure: a group is the calling thread's, a reducer is
 * built on a TempStorage element of a constant index.
 *
 * cupyx.jit's rules: a reducer's input must be of its T (no conversion); memcpy_async
 * takes arrays or shared memory with element indices and a byte count converted to uint32
 * (same_kind), aligned_size= and wait_prior's step are compile-time constants.
 */
#include "dsl/call.h"

#include <string.h>

Node *sema_lib_node(Sema *S, const LibOp *op, Type *ty, Loc loc) {
  Node *n = sema_mk(S, IR_LIB, loc, ty);
  n->lib = op;
  S->p->lib_flags |= op->flags | lib_op(LIB_CG_SYNC_GRID)->flags * (op->id == LIB_CG_SYNC);
  return n;
}

static Type *result_type(Sema *S, const LibOp *op, const Node *recv) {
  if (op->result == TY_ITER)                       /* x.begin(), x.end() */
    return sema_thrust_iter_type(S, op, recv);
  if (op->result != TY_OBJ)
    return T(op->result);
  if (op->robj == OBJ_NONE)                        /* a reducer's result: its T */
    return recv->ty->elem;
  return ty_obj(S->c, op->robj, NULL, 0, false);
}

bool sema_lib_val(Val v) {
  return v.kind == VAL_LIBTYPE || (v.kind == VAL_EXPR && v.n->ty->kind == TY_OBJ);
}

/* A copy of an object's expression tree (the alias's every use gets its own nodes). */
static Node *clone(Sema *S, const Node *n, Loc loc) {
  if (!n)
    return NULL;
  Node *c = sema_mk(S, n->kind, loc, n->ty);
  *c = *n;
  c->loc = loc;
  c->next = NULL;
  c->lhs = clone(S, n->lhs, loc);
  c->args = NULL;
  for (const Node *a = n->args; a; a = a->next)
    c->args = ast_append(c->args, clone(S, a, loc));
  return c;
}

Val sema_lib_alias(Sema *S, const Val *v, Loc loc) {
  if (v->kind == VAL_EXPR)
    return val_expr(clone(S, v->n, loc));
  return *v;
}

bool sema_lib_bind(Sema *S, const char *name, Val v, Loc loc) {
  if (!sema_lib_val(v) || !S->fs)
    return false;
  if (sema_lookup_var(S, name)) {
    diag_error(S->c, loc, "'%s' is a variable; a %s cannot be assigned to it", name,
               ty_str(S->c, v.kind == VAL_EXPR ? v.n->ty : v.libty));
    return true;
  }
  Val *keep = arena_alloc(&S->c->arena, sizeof *keep);
  *keep = v;
  sema_map_put(S, &S->fs->libs, name, keep);
  return true;
}

/* ---------------------------------------------------------------- attributes */

Val sema_lib_attr(Sema *S, Val base, Node *nd) {
  if (base.kind == VAL_LIBTYPE) {
    Type *c = base.libty;
    if ((c->obj == OBJ_WARP_REDUCE || c->obj == OBJ_BLOCK_REDUCE) &&
        !strcmp(nd->name, "TempStorage")) {
      Type *t = ty_obj(S->c, OBJ_TEMP_STORAGE, c->elem, c->n, true);
      t->of = c->obj;
      return (Val){.kind = VAL_LIBTYPE, .libty = t};
    }
    diag_error(S->c, nd->loc, "%s has no attribute '%s'%s", ty_str(S->c, c), nd->name,
               c->obj == OBJ_TEMP_STORAGE ? "" : "; it has TempStorage");
    return val_error();
  }
  Node *recv = base.n;
  const LibOp *op = lib_find(recv->ty->obj, nd->name);
  if (!op) {
    diag_error(S->c, nd->loc, "%s has no attribute '%s'", ty_str(S->c, recv->ty), nd->name);
    return val_error();
  }
  if (op->nargs >= 0)
    return (Val){.kind = VAL_METHOD, .n = recv, .lib = op};
  Node *n = sema_lib_node(S, op, result_type(S, op, recv), nd->loc);
  add_arg(n, recv);
  return val_expr(n);
}

/* ---------------------------------------------------------------- cub's classes */

/* jit.cub.WarpReduce[T], jit.cub.BlockReduce[T, BLOCK_DIM_X] (cupyx: _ClassTemplate) */
Val sema_lib_subscript(Sema *S, Val base, Node *nd) {
  ObjKind k = (ObjKind)-base.bi->u.lib;
  int want = k == OBJ_BLOCK_REDUCE ? 2 : 1, got = ast_count(nd->args);
  Node *items = nd->args;
  if (got == 1 && items->kind == ND_TUPLE) {
    items = items->args;
    got = ast_count(items);
  }
  const char *name = sema_dotted(S, nd->lhs);
  if (got != want) {
    diag_error(S->c, nd->loc, "%s takes %s, got %d item%s", name,
               want == 2 ? "[dtype, BLOCK_DIM_X]" : "[dtype]", got, got == 1 ? "" : "s");
    return val_error();
  }
  Val dv = sema_expr(S, items);
  if (dv.kind == VAL_ERROR)
    return dv;
  Type *elem = sema_dtype_of(S, dv);
  if (!elem) {
    diag_error(S->c, items->loc, "%s[...] takes a dtype (cupy.bool_ .. cupy.complex128)", name);
    return val_error();
  }
  int64_t n = 0;
  if (want == 2) {
    Node *nn = sema_rvalue(S, items->next);
    if (sema_is_error(nn))
      return val_error();
    if (!sema_const_i64(nn, &n) || n < 1 || n > 1024) {
      diag_error(S->c, items->next->loc, "BLOCK_DIM_X of %s must be an integer constant "
                 "between 1 and 1024", name);
      return val_error();
    }
  }
  return (Val){.kind = VAL_LIBTYPE, .libty = ty_obj(S->c, k, elem, n, true)};
}

/* WarpReduce(temp_storage[i]): the reducer on its TempStorage element */
Val call_lib_class(Sema *S, Type *cls, Args *A) {
  if (cls->obj == OBJ_TEMP_STORAGE) {
    diag_error(S->c, A->call->loc, "%s is allocated with jit.shared_memory(%s, 1), not called",
               ty_str(S->c, cls), ty_str(S->c, cls));
    return val_error();
  }
  if (A->nkw || A->npos != 1) {
    diag_error(S->c, A->call->loc, "%s() takes one argument, its TempStorage (an element of "
               "jit.shared_memory(%s.TempStorage, N))", ty_str(S->c, cls), ty_str(S->c, cls));
    return val_error();
  }
  Node *ts = sema_rvalue(S, A->pos[0]);
  if (sema_is_error(ts))
    return val_error();
  Type *want = ty_obj(S->c, OBJ_TEMP_STORAGE, cls->elem, cls->n, false);
  want->of = cls->obj;
  if (!ty_equal(ts->ty, want)) {
    diag_error(S->c, ts->loc, "Invalid temp_storage type %s (%s is expected)",
               ty_str(S->c, ts->ty), ty_str(S->c, want));
    return val_error();
  }
  int64_t i;
  if (ts->kind != IR_INDEX || !ts->args || ts->args->next || !sema_const_i64(ts->args, &i)) {
    diag_error(S->c, ts->loc, "a TempStorage is an element of shared memory at a constant "
               "index (temp_storage[0])");
    return val_error();
  }
  Node *n = sema_lib_node(S, lib_op(LIB_CUB_NEW), ty_obj(S->c, cls->obj, cls->elem, cls->n, false),
                   A->call->loc);
  add_arg(n, ts);
  return val_expr(n);
}

/* ---------------------------------------------------------------- calls */

static Node *group_arg(Sema *S, Args *A, bool block_only) {
  Node *g = A->npos ? sema_rvalue(S, A->pos[0]) : NULL;
  if (!g || sema_is_error(g))
    return NULL;
  if (g->ty->kind != TY_OBJ || (g->ty->obj != OBJ_THREAD_BLOCK && g->ty->obj != OBJ_GRID)) {
    diag_error(S->c, g->loc, "group must be a valid cooperative group, got %s",
               ty_str(S->c, g->ty));
    return NULL;
  }
  if (block_only && g->ty->obj != OBJ_THREAD_BLOCK) {
    diag_error(S->c, g->loc, "%s() takes a thread block (jit.cg.this_thread_block()), got %s",
               A->fname, ty_str(S->c, g->ty));
    return NULL;
  }
  return g;
}

static bool const_arg(Sema *S, Node *nd, const char *what, int64_t *out) {
  Node *e = sema_rvalue(S, nd);
  if (sema_is_error(e))
    return false;
  if (!sema_const_i64(e, out) || *out < 0) {
    diag_error(S->c, nd->loc, "%s must be a compile-time constant (a non-negative integer)", what);
    return false;
  }
  return true;
}

/* &array[index] of memcpy_async's dst or src */
static Node *element_addr(Sema *S, Node *arr_nd, Node *idx_nd, const char *which) {
  Node *arr = sema_rvalue(S, arr_nd);
  if (sema_is_error(arr))
    return NULL;
  if (arr->ty->kind != TY_ARRAY && arr->ty->kind != TY_PTR) {
    diag_error(S->c, arr->loc, "%s must be of array type, got %s", which, ty_str(S->c, arr->ty));
    return NULL;
  }
  Node *elem = sema_index(S, arr, idx_nd, 1, idx_nd->loc);
  if (sema_is_error(elem))
    return NULL;
  if (!ty_is_scalar(elem->ty)) {
    diag_error(S->c, idx_nd->loc, "memcpy_async() needs the index of an element of %s", which);
    return NULL;
  }
  Node *a = sema_mk(S, IR_ADDR, elem->loc, ty_ptr(S->c, elem->ty));
  a->lhs = elem;
  return a;
}

static Val memcpy_async(Sema *S, Args *A) {
  static const char *const names[] = {"group", "dst", "dst_idx", "src", "src_idx", "size"};
  bool used[MAXKW] = {0};
  Node *a[6];
  for (int i = 0; i < 6; i++)
    if (!(a[i] = call_arg(S, A, i, names[i], used))) {
      diag_error(S->c, A->call->loc, "memcpy_async() missing argument '%s'", names[i]);
      return val_error();
    }
  Node *al = call_arg(S, A, 6, "aligned_size", used);
  if (!call_no_other_kw(S, A, used))
    return val_error();
  Args one = *A;
  one.pos[0] = a[0];
  one.npos = 1;
  Node *g = group_arg(S, &one, true);
  Node *dst = g ? element_addr(S, a[1], a[2], "dst") : NULL;
  Node *src = dst ? element_addr(S, a[3], a[4], "src") : NULL;
  if (!src)
    return val_error();
  Node *size = sema_rvalue(S, a[5]);
  if (sema_is_error(size) || !ty_is_int(sema_settle(S, size)->ty)) {
    if (!sema_is_error(size))
      diag_error(S->c, a[5]->loc, "the size of memcpy_async() is a byte count (an integer)");
    return val_error();
  }
  size = sema_ufunc_cast(S, size, T(TY_UINT32), A->fname, 5);
  int64_t align = 0;
  Val av = al ? sema_expr(S, al) : (Val){.kind = VAL_NONE};
  if (av.kind == VAL_ERROR)
    return av;
  if (av.kind != VAL_NONE && (!const_arg(S, al, "aligned_size", &align) ||
                              (align & (align - 1)) || !align)) {
    if (align & (align - 1))
      diag_error(S->c, al->loc, "aligned_size must be a power of two");
    return val_error();
  }
  Node *n = sema_lib_node(S, lib_op(align ? LIB_MEMCPY_ASYNC_ALIGNED : LIB_MEMCPY_ASYNC), T(TY_VOID),
                   A->call->loc);
  add_arg(n, g);
  add_arg(n, dst);
  add_arg(n, src);
  add_arg(n, size);
  if (align)
    add_arg(n, sema_py_int(S, al->loc, align));
  return val_expr(n);
}

/* A function of jit.cg or a functor of jit.cub (TR_LIB) */
Val call_lib(Sema *S, const Builtin *b, Args *A) {
  if (b->u.lib < 0) { /* cub.WarpReduce(...) without [T] */
    diag_error(S->c, A->call->loc, "%s is a class template: give its type first (%s[dtype%s])",
               A->fname, A->fname, -b->u.lib == OBJ_BLOCK_REDUCE ? ", BLOCK_DIM_X" : "");
    return val_error();
  }
  const LibOp *op = lib_op((LibId)b->u.lib);
  if (op->flags & LIBF_THRUST)
    return call_thrust(S, op, A);
  if (op->id == LIB_MEMCPY_ASYNC)
    return memcpy_async(S, A);
  if (A->nkw || A->npos != op->nargs) {
    diag_error(S->c, A->call->loc, "%s() takes %d argument%s, got %d", A->fname, op->nargs,
               op->nargs == 1 ? "" : "s", A->npos + A->nkw);
    return val_error();
  }
  Node *n = sema_lib_node(S, op, NULL, A->call->loc);
  if (op->nargs) {                                 /* cg.sync / wait / wait_prior (group) */
    Node *g = group_arg(S, A, op->id != LIB_CG_SYNC);
    if (!g)
      return val_error();
    if (op->id == LIB_CG_SYNC && g->ty->obj == OBJ_GRID)
      n->lib = lib_op(LIB_CG_SYNC_GRID);
    add_arg(n, g);
    int64_t step;
    if (op->id == LIB_CG_WAIT_PRIOR) {
      if (!const_arg(S, A->pos[1], "step", &step))
        return val_error();
      add_arg(n, sema_py_int(S, A->pos[1]->loc, step));
    }
  }
  n->ty = result_type(S, n->lib, NULL);
  return val_expr(n);
}

/* obj.method(args) */
Val call_lib_method(Sema *S, Val m, Args *A) {
  const LibOp *op = m.lib;
  if (A->nkw || A->npos != op->nargs) {
    diag_error(S->c, A->call->loc, "%s() takes %d argument%s, got %d", A->fname, op->nargs,
               op->nargs == 1 ? "" : "s", A->npos + A->nkw);
    return val_error();
  }
  Node *n = sema_lib_node(S, op, result_type(S, op, m.n), A->call->loc);
  add_arg(n, m.n);
  if (op->id == LIB_CUB_SUM || op->id == LIB_CUB_REDUCE || op->id == LIB_CUB_BSUM ||
      op->id == LIB_CUB_BREDUCE) {
    Node *v = sema_settle(S, sema_rvalue(S, A->pos[0]));
    if (sema_is_error(v))
      return val_error();
    if (!ty_equal(v->ty, m.n->ty->elem)) {
      diag_error(S->c, v->loc, "Invalid input type %s. (%s is expected.)", ty_str(S->c, v->ty),
                 ty_str(S->c, m.n->ty->elem));
      return val_error();
    }
    add_arg(n, v);
    if (op->nargs == 2) {
      Node *f = sema_rvalue(S, A->pos[1]);
      if (sema_is_error(f))
        return val_error();
      if (f->ty->kind != TY_OBJ || f->ty->obj != OBJ_CUB_OP) {
        diag_error(S->c, f->loc, "the reduction operator must be jit.cub.Sum(), Max() or "
                   "Min(), got %s", ty_str(S->c, f->ty));
        return val_error();
      }
      add_arg(n, f);
    }
  }
  return val_expr(n);
}
