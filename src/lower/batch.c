/*
 * batch.c: a grid-stride loop's loads in flight B at a time (lower.c's last step on a
 * specialisation).
 *
 * `for i in range(jit.grid(1), data.size, jit.gridsize(1))` whose body reads data[i] and
 * then works on the value (histogram.py: a shared-memory atomic) has one load in flight
 * per thread: every trip waits for its load, and the kernel is bound by the memory's
 * latency, not its bandwidth (a full H100 at one 4-byte load per thread moves ~1.5 TB/s).
 * When nothing the body does can tell the order of its global loads apart, the loop runs
 * B trips at a time (2 to 4: batch_of) with their loads first, then the rest one by one:
 *
 *   _lim = (int64)stop - (B - 1) * (int64)step;
 *   while (i < _lim) {
 *     _i1 = i + step; _i2 = _i1 + step; ...
 *     _v0 = data[i]; _v1 = data[_i1]; ...       the trip's unconditional loads x[i]
 *     body with data[i] -> _v0;  body with i -> _i1, data[i] -> _v1;  ...
 *     i = _i{B-1} + step;
 *   }
 *   while (i < stop) { body; i = i + step; }
 *
 * Every thread runs the same bodies on the same i, in the same order, and i ends where
 * the loop left it (the first value >= stop). Taken only when
 *   - the step is a launch stride (blockDim/gridDim times positive literals: the same in
 *     every trip), the stop is invariant, the variable an integer of at most 32 bits or
 *     int64, and no `unroll` was asked;
 *   - the body is straight-line code and ifs (no loop, break, continue, return, print,
 *     assert, function or library call, warp or block operation) that writes no global
 *     memory: locals, shared and local memory (their atomics) only. Moving a global load
 *     before another trip's work is then invisible to the thread, and to the others no
 *     more than the relaxed order the original already had;
 *   - and the body does write shared or local memory: a loop that only computes in
 *     registers the C compiler unrolls and batches itself, better (writes_chip);
 *   - a load is hoisted only where the body reads it unconditionally (a top-level
 *     statement, outside an if's branches, an `and`/`or`'s right side and a select's
 *     arms): one that an if guards may lie outside the array.
 * A 2-d map twin's loop (map.c) hoists its guarded loads too, under their ifs' tests
 * (the section "2-d map twins" below).
 */
#include "lower.h"

#include <stdbool.h>

/* Trips per batch: up to MAXBATCH, as many as keep at most WORDS 32-bit words of loaded
   values per thread (histogram.py's one int32 array and two float32 arrays run 4 trips at
   a time, an int64 and a float64 array 2), at least 2. Measured on an H200 against nvcc
   (bench/contig21.py, the histogram written out by hand): 1 trip 0.95x, 2 0.84x, 4 0.72x,
   8 0.70x; but pykc's own 8 ran 0.82x: NVRTC no longer unswitched the loop on the
   helper's divisor test (py_mod's `y > 0`) with eight bodies in it (16.1M instructions
   against 11.6M), and did with four. */
enum { WORDS = 8, MAXBATCH = 4, LOADS1 = 4, MAXLOADS = 16, MAXREADS = 16 };
/* A 2-d map twin's trips (guarded loads): up to WORDS2 words of loaded values per thread
   in a batch, its loads under at most MAXDEPTH nested ifs. */
enum { WORDS2 = 32, MAXDEPTH = 4 };

typedef struct Batch {
  Ctx *c;
  Spec *s;
  Var *iv;                         /* the loop's variable */
  Var *alias;                      /* a hidden counter's variable (`i = _tN` first in the
                                      body, not assigned again), or NULL */
  const Node *loads[MAXLOADS];     /* the hoisted element reads, x[i], one per array (a
                                      2-d map twin: each read, under its path's tests) */
  int nloads;
  const Node *reads[MAXREADS];     /* every read they replace, and its load */
  int load_of[MAXREADS];
  int nreads;
  bool loading;                    /* cloning a load: the alias reads the trip's variable */
  int batch;                       /* trips per batch */
  Var *vals[MAXBATCH][MAXLOADS];   /* the loads' values per trip */
  const Node *path[MAXDEPTH];      /* a 2-d map twin: the ifs around the statement being */
  bool holds[MAXDEPTH];            /* read, and which branch it is in */
  int depth;
  const Node *body;                /* the loop's body */
} Batch;

static Node *mk(Batch *b, NodeKind k, Loc loc, Type *ty) {
  return lower_node(b->c, k, loc, ty);
}

static Node *ref(Batch *b, Var *v, Loc loc) {
  return lower_ref(b->c, v, loc);
}

static Node *binop(Batch *b, Op op, Node *l, Node *r, Type *ty) {
  Node *n = mk(b, IR_BINOP, l->loc, ty);
  n->op = op;
  n->cty = ty;
  n->lhs = l;
  n->rhs = r;
  return n;
}

static Node *cast(Batch *b, Node *x, Type *ty) { return lower_cast(b->c, x, ty); }

static Node *assign(Batch *b, Var *v, Node *x) {
  Node *n = mk(b, IR_ASSIGN, x->loc, NULL);
  n->lhs = ref(b, v, x->loc);
  n->rhs = x;
  return n;
}

/* ---------------------------------------------------------------- which loops */

/* The blockDim/gridDim factors of a launch stride (their product with positive literals,
   converted), or -1 when X is none. */
static int stride_dims(const Node *x) {
  int l, r;
  switch (x->kind) {
  case IR_CAST: return type_is_int(x->ty->kind) ? stride_dims(x->lhs) : -1;
  case IR_BINOP:
    l = x->op == OP_MUL ? stride_dims(x->lhs) : -1;
    r = l < 0 ? -1 : stride_dims(x->rhs);
    return r < 0 ? -1 : l + r;
  case IR_CONST: return type_is_int(x->ty->kind) && x->ival > 0 ? 0 : -1;
  case IR_BUILTIN:
    return !x->args && (x->bi->id == BI_BLOCKDIM || x->bi->id == BI_GRIDDIM) ? 1 : -1;
  default: return -1;
  }
}

/* Shared or local memory's element (a pointer variable sema made for them). */
static bool on_chip(const Node *x) {
  return x->kind == IR_INDEX && x->lhs->kind == IR_VAR && x->lhs->var->is_shared;
}

static bool calm_builtin(const Node *x) {
  static const int also[] = {BI_POPC, BI_CLZ, BI_FFS, BI_BREV, BI_MIN, BI_MAX, BI_ABS};
  switch (x->bi->kind) {
  case BK_THREAD_IDX: case BK_VALUE: case BK_MATH: case BK_CAST:
    return true;
  case BK_ATOMIC:
    return on_chip(x->args);
  default:
    for (size_t i = 0; i < sizeof also / sizeof *also; i++)
      if (x->bi->id == also[i])
        return true;
    return false;
  }
}

/* An expression the batch may copy: reads anything, writes on-chip memory only. */
static bool calm_expr(const Node *x) {
  if (!x)
    return true;
  switch (x->kind) {
  case IR_CONST: case IR_VAR: case IR_ARRAY_ATTR:
    return true;
  case IR_CAST: case IR_UNARY: case IR_BINOP: case IR_LOGIC: case IR_COMPARE: case IR_HELPER:
  case IR_SELECT: case IR_INDEX:
    break;
  case IR_BUILTIN:
    if (!calm_builtin(x))
      return false;
    break;
  default:
    return false;
  }
  for (const Node *a = x->args; a; a = a->next)
    if (!calm_expr(a))
      return false;
  return calm_expr(x->lhs) && calm_expr(x->rhs) && calm_expr(x->cond) &&
         calm_expr(x->then) && calm_expr(x->els);
}

static bool calm_stmts(const Node *n) {
  for (; n; n = n->next) {
    switch (n->kind) {
    case IR_BLOCK:
      if (!calm_stmts(n->body))
        return false;
      break;
    case IR_ASSIGN:
      if (n->lhs->kind == IR_VAR ? n->lhs->ty->kind == TY_ARRAY : !on_chip(n->lhs))
        return false;
      if (!calm_expr(n->lhs) || !calm_expr(n->rhs))
        return false;
      break;
    case IR_EXPR:
      if (!calm_expr(n->lhs))
        return false;
      break;
    case IR_IF:
      if (!calm_expr(n->cond) || !calm_stmts(n->then) || !calm_stmts(n->els))
        return false;
      break;
    default:
      return false;
    }
  }
  return true;
}

/* Does X (a calm tree, and its successors) write shared or local memory? A body that
   only computes in registers the C compiler unrolls and batches by itself (block_reduce.py:
   16 loads in flight); a store or an atomic there stops it (histogram.py: one). */
static bool writes_chip(const Node *x) {
  for (; x; x = x->next) {
    if ((x->kind == IR_ASSIGN && x->lhs->kind == IR_INDEX) ||
        (x->kind == IR_BUILTIN && x->bi->kind == BK_ATOMIC))
      return true;
    if (writes_chip(x->lhs) || writes_chip(x->rhs) || writes_chip(x->cond) ||
        writes_chip(x->then) || writes_chip(x->els) || writes_chip(x->body) ||
        writes_chip(x->args))
      return true;
  }
  return false;
}

/* ---------------------------------------------------------------- which loads */

/* x[i]: an element of a 1-d global array that the body does not rebind, at the loop's
   variable (converted to int64 when narrower); float16 and bool elements stay where they are (their C forms differ from a
   plain load into a temporary). */
static bool hoistable(const Batch *b, const Node *x, const Node *body) {
  if (x->kind != IR_INDEX || x->nargs != 1)
    return false;
  const Node *i = x->args;
  if (i->kind == IR_CAST && i->ty->kind == TY_INT64)   /* an int32/uint32 variable's */
    i = i->lhs;
  if (i->kind != IR_VAR || (i->var != b->iv && (!b->alias || i->var != b->alias)))
    return false;
  const Node *a = x->lhs;
  if (a->kind != IR_VAR || a->ty->kind != TY_ARRAY || a->ty->ndim != 1 || a->var->is_shared)
    return false;
  TypeKind k = x->ty->kind;
  return k < TY_NSCALAR && k != TY_FLOAT16 && k != TY_BOOL && !lower_assigns(body, a->var);
}

/* Records the read X of a hoistable load: one load per array, however often read. */
static void add_read(Batch *b, const Node *x) {
  int j = 0;
  while (j < b->nloads && b->loads[j]->lhs->var != x->lhs->var)
    j++;
  if (j == LOADS1 || b->nreads == MAXREADS)
    return;
  if (j == b->nloads)
    b->loads[b->nloads++] = x;
  b->reads[b->nreads] = x;
  b->load_of[b->nreads++] = j;
}

/* ---------------------------------------------------------------- 2-d map twins
 * A 2-d map twin's body (map.c: rows of jit.grid(2)'s y) reads its elements at y's and
 * x's neighbours, often under an if (a stencil's border test). Each read before the
 * trip's first store to global memory is loaded first under the tests of the ifs around
 * it, `_v = T1 ? (T2 ? 0 : x[...]) : 0`: read where the trip reads it, nowhere else. */

/* X reads no element, and no variable the body assigns but the loop's: every trip
   knows its value when the batch starts. */
static bool trip_known(const Batch *b, const Node *x) {
  if (!x)
    return true;
  if (x->kind == IR_INDEX)
    return false;
  if (x->kind == IR_VAR)
    return x->var == b->iv || x->var == b->alias || !lower_assigns(b->body, x->var);
  for (const Node *a = x->args; a; a = a->next)
    if (!trip_known(b, a))
      return false;
  return trip_known(b, x->lhs) && trip_known(b, x->rhs) && trip_known(b, x->cond) &&
         trip_known(b, x->then) && trip_known(b, x->els);
}

/* An element of a global array of integers or float32/float64 (their C forms are plain
   loads), at an index every trip knows. */
static bool guarded(const Batch *b, const Node *x) {
  if (x->kind != IR_INDEX || x->lhs->kind != IR_VAR || x->lhs->ty->kind != TY_ARRAY ||
      x->lhs->var->is_shared || lower_assigns(b->body, x->lhs->var))
    return false;
  TypeKind k = x->ty->kind;
  if (!type_is_int(k) && k != TY_FLOAT32 && k != TY_FLOAT64)
    return false;
  for (const Node *a = x->args; a; a = a->next)
    if (!ir_pure(a) || !trip_known(b, a))
      return false;
  return true;
}

/* Records the read X, loaded under the current path's tests. */
static void add_guarded(Batch *b, const Node *x) {
  if (b->nloads == MAXLOADS || b->nreads == MAXREADS)
    return;
  const Node *v = x;
  for (int d = b->depth - 1; d >= 0; d--) {
    Node *sel = mk(b, IR_SELECT, x->loc, x->ty), *zero = mk(b, IR_CONST, x->loc, x->ty);
    sel->cond = (Node *)b->path[d];
    sel->then = b->holds[d] ? (Node *)v : zero;
    sel->els = b->holds[d] ? zero : (Node *)v;
    v = sel;
  }
  b->reads[b->nreads] = x;
  b->load_of[b->nreads++] = b->nloads;
  b->loads[b->nloads++] = v;
}

static void find_loads(Batch *b, const Node *x, const Node *body);
static bool writes_global(const Node *x, bool list);

/* The loads of the statements N on the current path up to its first store to global
   memory; true when N stores. An if whose test every trip knows is entered with its test
   on the path; its branches' loads go first under it. */
static bool guard_loads(Batch *b, const Node *n) {
  for (; n; n = n->next) {
    if (n->kind == IR_BLOCK) {
      if (guard_loads(b, n->body))
        return true;
      continue;
    }
    if (n->kind == IR_ASSIGN) {
      if (n->lhs->kind == IR_INDEX)
        for (const Node *a = n->lhs->args; a; a = a->next)
          find_loads(b, a, b->body);
      find_loads(b, n->rhs, b->body);
    } else if (n->kind == IR_EXPR)
      find_loads(b, n->lhs, b->body);
    else if (n->kind == IR_IF) {
      find_loads(b, n->cond, b->body);
      if (b->depth < MAXDEPTH && ir_pure(n->cond) && trip_known(b, n->cond)) {
        b->path[b->depth] = n->cond;
        b->holds[b->depth++] = true;
        bool stores = guard_loads(b, n->then);
        b->holds[b->depth - 1] = false;
        stores |= guard_loads(b, n->els);
        b->depth--;
        if (stores)
          return true;
        continue;
      }
    }
    if (writes_global(n, false))
      return true;
  }
  return false;
}

static void find_loads(Batch *b, const Node *x, const Node *body) {
  if (!x || (b->s->map_dims == 2 && x->kind == IR_ADDR))   /* &x[...]: no read */
    return;
  if (b->s->map_dims == 2 ? guarded(b, x) : hoistable(b, x, body)) {
    if (b->s->map_dims == 2)
      add_guarded(b, x);
    else
      add_read(b, x);
    return;
  }
  if (x->kind == IR_BUILTIN && x->bi->kind == BK_ATOMIC) {  /* args[0]: its target */
    find_loads(b, x->args->args, body);
    for (const Node *a = x->args->next; a; a = a->next)
      find_loads(b, a, body);
    return;
  }
  for (const Node *a = x->args; a; a = a->next)
    find_loads(b, a, body);
  find_loads(b, x->lhs, body);
  if (x->kind != IR_LOGIC)                        /* its right side may not run */
    find_loads(b, x->rhs, body);
  if (x->kind == IR_SELECT)
    find_loads(b, x->cond, body);
}

/* Does statement X (LIST: and its successors) store to global memory (a map
   specialisation's element or atomic: it has no shared memory)? */
static bool writes_global(const Node *x, bool list) {
  for (; x; x = list ? x->next : NULL)
    if ((x->kind == IR_ASSIGN && (x->lhs->kind == IR_INDEX || x->lhs->kind == IR_DEREF)) ||
        (x->kind == IR_EXPR && x->lhs->kind == IR_BUILTIN) || writes_global(x->body, true) ||
        writes_global(x->then, true) || writes_global(x->els, true))
      return true;
  return false;
}

/* The loads every trip makes: those of the top-level statements (an if's condition too);
   in a map specialisation only up to its first store to global memory, which a later
   read of the same view (y[i] = f(y[i]); z[i] = y[i]) must see. */
static bool top_loads(Batch *b, const Node *n, const Node *body) {
  for (; n; n = n->next) {
    if (n->kind == IR_BLOCK) {
      if (!top_loads(b, n->body, body))
        return false;
      continue;
    }
    if (n->kind == IR_ASSIGN) {
      if (n->lhs->kind == IR_INDEX)
        for (const Node *a = n->lhs->args; a; a = a->next)
          find_loads(b, a, body);
      find_loads(b, n->rhs, body);
    } else if (n->kind == IR_EXPR)
      find_loads(b, n->lhs, body);
    else if (n->kind == IR_IF)
      find_loads(b, n->cond, body);
    if (b->s->is_map && writes_global(n, false))
      return false;
  }
  return true;
}

/* ---------------------------------------------------------------- the copies */

/* A deep copy of X (and its successors when LIST) for trip K: the loop variable read as
   IV, the hoisted loads as their values. */
static Node *clone(Batch *b, const Node *x, int k, Var *iv, bool list) {
  Node *head = NULL, **at = &head;
  for (; x; x = list ? x->next : NULL) {
    Node *r = NULL;
    for (int j = 0; j < b->nreads && !b->loading && !r; j++)
      if (x == b->reads[j])
        r = ref(b, b->vals[k][b->load_of[j]], x->loc);
    if (!r && x->kind == IR_VAR && (x->var == b->iv || (b->loading && x->var == b->alias)))
      r = ref(b, iv, x->loc);
    if (!r) {
      r = ast_new(b->c, x->kind, x->loc);
      *r = *x;
      r->lhs = clone(b, x->lhs, k, iv, false);
      r->rhs = clone(b, x->rhs, k, iv, false);
      r->cond = clone(b, x->cond, k, iv, false);
      r->then = clone(b, x->then, k, iv, true);
      r->els = clone(b, x->els, k, iv, true);
      r->body = clone(b, x->body, k, iv, true);
      r->args = clone(b, x->args, k, iv, true);
    }
    r->next = NULL;
    r->ltail = r->lhead = NULL;
    *at = r;
    at = &r->next;
  }
  return head;
}

static Node **append(Node **at, Node *n) {
  *at = n;
  while (n->next)
    n = n->next;
  return &n->next;
}

/* Replaces the IR_FOR N (its variable not hidden: lower.c has run finish_for) by the
   batched loop and the rest's, in place (N becomes their block). */
static void batch_loop(Batch *b, Node *n) {
  Type *vt = b->iv->ty, *i64 = ty_scalar(TY_INT64);
  Loc loc = n->loc;
  Node *body = n->body;
  Var *lim = lower_temp(b->c, b->s, i64, loc);
  Var *iv[MAXBATCH];
  iv[0] = b->iv;
  for (int k = 1; k < b->batch; k++)
    iv[k] = lower_temp(b->c, b->s, vt, loc);
  for (int k = 0; k < b->batch; k++)
    for (int j = 0; j < b->nloads; j++)
      b->vals[k][j] = lower_temp(b->c, b->s, b->loads[j]->ty, loc);

  Node *stmts = NULL, **at = &stmts;
  at = append(at, assign(b, b->iv, n->lhs));                     /* i = start */
  Node *room = mk(b, IR_CONST, loc, i64);
  room->ival = b->batch - 1;
  at = append(at, assign(b, lim, binop(b, OP_SUB, cast(b, clone(b, n->rhs, 0, b->iv, false), i64),
                                       binop(b, OP_MUL, room, cast(b, clone(b, n->step, 0, b->iv, false), i64), i64),
                                       i64)));
  Node *big = mk(b, IR_WHILE, loc, NULL), **in = &big->body;
  big->cond = mk(b, IR_COMPARE, loc, ty_scalar(TY_BOOL));
  big->cond->op = OP_LT;
  big->cond->cty = i64;
  big->cond->lhs = cast(b, ref(b, b->iv, loc), i64);
  big->cond->rhs = ref(b, lim, loc);
  for (int k = 1; k < b->batch; k++)                                /* _ik = _i(k-1) + step */
    in = append(in, assign(b, iv[k], binop(b, OP_ADD, ref(b, iv[k - 1], loc),
                                           clone(b, n->step, 0, b->iv, false), vt)));
  b->loading = true;                                             /* the loads */
  for (int k = 0; k < b->batch; k++)
    for (int j = 0; j < b->nloads; j++)
      in = append(in, assign(b, b->vals[k][j], clone(b, b->loads[j], k, iv[k], false)));
  b->loading = false;
  for (int k = 0; k < b->batch; k++)                                /* the bodies */
    in = append(in, clone(b, body, k, iv[k], false));
  in = append(in, assign(b, b->iv, binop(b, OP_ADD, ref(b, iv[b->batch - 1], loc),
                                         clone(b, n->step, 0, b->iv, false), vt)));
  at = append(at, big);

  Node *rest = mk(b, IR_WHILE, loc, NULL);                       /* the last trips */
  rest->cond = mk(b, IR_COMPARE, loc, ty_scalar(TY_BOOL));
  rest->cond->op = OP_LT;
  rest->cond->cty = vt;
  rest->cond->lhs = ref(b, b->iv, loc);
  rest->cond->rhs = n->rhs;
  rest->body = body;
  Node **tail = body->kind == IR_BLOCK ? &body->body : &rest->body;
  while (*tail)
    tail = &(*tail)->next;
  *tail = assign(b, b->iv, binop(b, OP_ADD, ref(b, b->iv, loc), n->step, vt));
  append(at, rest);

  Node *next = n->next;
  *n = (Node){.kind = IR_BLOCK, .loc = loc, .body = stmts, .next = next};
}

/* Trips per batch for B's loads (0: too many words to batch). */
static int batch_of(const Batch *b) {
  int words = 0, k = MAXBATCH, most = b->s->map_dims == 2 ? WORDS2 : WORDS;
  for (int j = 0; j < b->nloads; j++)
    words += ((int)dtype_info[b->loads[j]->ty->kind].size + 3) / 4;
  while (k > 2 && k * words > most)
    k /= 2;
  return words <= most && (b->s->map_dims != 2 || k * words <= most) ? k : 0;
}

/* lower.c's hidden counter: the body starts `v = _tN` (the loop's variable) and assigns
   v nowhere else; v then reads as the trip's counter in a hoisted load. */
static Var *hidden_alias(const Node *n) {
  const Node *first = n->body && n->body->kind == IR_BLOCK ? n->body->body : n->body;
  if (!first || first->kind != IR_ASSIGN || first->lhs->kind != IR_VAR ||
      first->rhs->kind != IR_VAR || first->rhs->var != n->var)
    return NULL;
  Var *v = first->lhs->var;
  return lower_assigns(first->next, v) ? NULL : v;
}

static bool wants_batch(Batch *b, Node *n) {
  TypeKind k = n->var->ty->kind;
  if (n->unroll || n->stepsign != 1 || stride_dims(n->step) < 1 || !type_is_int(k) ||
      k == TY_UINT64 || (k != TY_INT64 && dtype_info[k].size > 4) || !ir_pure(n->rhs) ||
      (!b->s->is_map && (!calm_stmts(n->body) || !writes_chip(n->body))) ||
      lower_assigns(n->body, n->var) ||
      (n->rhs->kind == IR_VAR && lower_assigns(n->body, n->rhs->var)))
    return false;
  b->iv = n->var;
  b->alias = hidden_alias(n);
  b->nloads = b->nreads = 0;
  b->body = n->body;
  b->depth = 0;
  if (b->s->map_dims == 2)
    guard_loads(b, n->body);
  else
    top_loads(b, n->body, n->body);
  b->batch = batch_of(b);
  return b->nloads > 0 && b->batch > 0;
}

static void walk(Batch *b, Node *n) {
  for (; n; n = n->next) {
    if (n->kind == IR_FOR && wants_batch(b, n)) {
      batch_loop(b, n);
      continue;
    }
    walk(b, n->body);
    walk(b, n->then);
    walk(b, n->els);
  }
}

void lower_batch(Ctx *c, Spec *s) {
  Batch b = {.c = c, .s = s};
  walk(&b, s->body);
}
