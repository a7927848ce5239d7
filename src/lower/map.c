/*
 * map.c: the grid-stride specialisation of a "map" kernel (issue 21 §5; docs/design.md
 * §2.1 step 6, §5.3).
 *
 * A jit kernel written one element per thread,
 *
 *   i = jit.grid(1)
 *   if i < BOUND:
 *       BODY
 *
 * whose threads provably never meet (BODY reads the thread only through i: no other
 * threadIdx/blockIdx/blockDim/gridDim/laneid, no shared or local memory, no sync, warp or
 * cooperative operation, no loop, early exit, call or print, no atomic whose value is
 * used, i never assigned) gets, beside the kernel as written, a specialisation NAME__map
 * that takes one more parameter, pykc_nthreads (the user's launch's thread count, < 2^31)
 * and runs the same set of indices in a grid-stride loop:
 *
 *   for i in range(jit.grid(1), min(max(BOUND, 0), pykc_nthreads), jit.gridsize(1)):
 *       BODY
 *
 * which batch.c then runs four trips at a time, their loads first. The runtime launches
 * it (fewer blocks: SMs x the blocks one SM holds) instead of the user's grid when the
 * launch is 1-d with no dynamic shared memory and the arrays BODY writes do not overlap
 * those it reads (runtime/api/map.c): a trip's store can then feed no later trip's load.
 * Spec.map_access tells it, per parameter, whether BODY reads the array, writes it, and
 * whether every access is at [i] of a 1-d array (MAP_AT_I): an array read and written
 * only at [i] through the same view (y[i] = f(y[i]), or out passed as x) is safe as well,
 * as batch.c hoists only the reads made before the body's first global store.
 *
 * A 2-d kernel (x, y = jit.grid(2); locals; `if ... y < BOUND ...:`) gets a twin that
 * loops over y the same way (the section "2-d kernels" below; Spec.map_dims 2), its
 * thread's own element [y, x] of a 2-d view.
 */
#include "lower.h"

#include <stdbool.h>

enum { MAXPRE = 32 };                /* a 2-d kernel's statements before its guard */

typedef struct MapCtx {
  Ctx *c;
  const Spec *s;
  Var *iv;                            /* the kernel's i (2-d: its y, the loop's variable) */
  uint8_t *access;                    /* per parameter: MAP_* */
  Var **from, **to;                   /* the clone's variables */
  int nvars;
  int dims;                           /* 1: `i = jit.grid(1)`; 2: x, y = jit.grid(2) */
  Var *pre[MAXPRE];                   /* 2-d: the variables the statements before the */
  int npre;                           /*      guard assign (the body may assign none) */
  uint8_t axis[MAXPRE];               /*      per pre[]: 1 (x), 2 (y): a thread index */
  bool x_last, x_outer;               /* 2-d: x read in an element's last index; in another */
} MapCtx;

/* ---------------------------------------------------------------- which kernels */

/* Does X (and, when LIST, its successors) read V? */
static bool reads_var(const Node *x, const Var *v, bool list) {
  for (; x; x = list ? x->next : NULL)
    if ((x->kind == IR_VAR && x->var == v) || reads_var(x->lhs, v, false) ||
        reads_var(x->rhs, v, false) || reads_var(x->cond, v, false) ||
        reads_var(x->step, v, false) || reads_var(x->then, v, true) ||
        reads_var(x->els, v, true) || reads_var(x->body, v, true) || reads_var(x->args, v, true))
      return true;
  return false;
}

static bool is_builtin(const Node *x, int id, int axis) {
  return x->kind == IR_BUILTIN && x->bi->id == id && !x->args && x->bi->u.axis == axis;
}

/* blockIdx.A * blockDim.A + threadIdx.A (sema's jit.grid: A 0 for x, 1 for y), maybe
   converted. */
static bool is_grid(const Node *x, int a) {
  if (x->kind == IR_CAST && type_is_int(x->ty->kind))
    x = x->lhs;
  return x->kind == IR_BINOP && x->op == OP_ADD && is_builtin(x->rhs, BI_THREADIDX, a) &&
         x->lhs->kind == IR_BINOP && x->lhs->op == OP_MUL &&
         is_builtin(x->lhs->lhs, BI_BLOCKIDX, a) && is_builtin(x->lhs->rhs, BI_BLOCKDIM, a);
}

/* The variable X reads, maybe converted to a wider integer, or NULL. */
static Var *widened_var(const Node *x) {
  if (x->kind == IR_CAST && type_is_int(x->ty->kind) && type_is_int(x->lhs->ty->kind) &&
      dtype_info[x->ty->kind].size >= dtype_info[x->lhs->ty->kind].size)
    x = x->lhs;
  return x->kind == IR_VAR ? x->var : NULL;
}

/* i, or i converted to a wider integer. */
static bool is_iv(const MapCtx *m, const Node *x) { return widened_var(x) == m->iv; }

/* 2-d: the axis (1 x, 2 y) of the thread index V, or 0. */
static int axis_of(const MapCtx *m, const Var *v) {
  for (int j = 0; j < m->npre; j++)
    if (m->pre[j] == v)
      return m->axis[j];
  return 0;
}

/* 2-d: x (any of its copies), maybe widened. */
static bool is_xv(const MapCtx *m, const Node *x) {
  const Var *v = widened_var(x);
  return v && axis_of(m, v) == 1;
}

static int param_of(const MapCtx *m, const Var *v) {
  for (int j = 0; j < m->s->nparams; j++)
    if (m->s->params[j] == v)
      return j;
  return -1;
}

/* Does X read x (any of its copies)? */
static bool reads_x(const MapCtx *m, const Node *x) {
  for (int j = 0; j < m->npre; j++)
    if (m->axis[j] == 1 && reads_var(x, m->pre[j], false))
      return true;
  return false;
}

/* An element of an array parameter: records the access (WRITE when written). */
static bool map_index(MapCtx *m, const Node *x, bool write) {
  if (x->lhs->kind != IR_VAR || x->lhs->var->is_shared)
    return false;
  int j = param_of(m, x->lhs->var);
  if (j < 0)
    return false;
  bool at_i = m->dims == 1 ? x->nargs == 1 && x->lhs->ty->ndim == 1 && is_iv(m, x->args)
                            : x->nargs == 2 && x->lhs->ty->ndim == 2 &&      /* [y, x] */
                                  is_iv(m, x->args) && is_xv(m, x->args->next);
  m->access[j] |= write ? MAP_WRITE : MAP_READ;
  if (!at_i)
    m->access[j] |= MAP_ELSEWHERE;
  for (const Node *a = x->args; a && m->dims == 2; a = a->next)   /* (a 2-d twin's block */
    if (reads_x(m, a))                                             /*  may widen along x) */
      *(a->next ? &m->x_outer : &m->x_last) = true;
  return true;
}

static bool map_expr(MapCtx *m, const Node *x);

static bool map_args(MapCtx *m, const Node *a) {
  for (; a; a = a->next)
    if (!map_expr(m, a))
      return false;
  return true;
}

/* An expression a thread computes alone: reads anything of its own, writes nothing. */
static bool map_expr(MapCtx *m, const Node *x) {
  if (!x)
    return true;
  switch (x->kind) {
  case IR_CONST: case IR_VAR:
    return x->kind == IR_CONST || !x->var->is_shared;
  case IR_ARRAY_ATTR:
    return x->lhs->kind == IR_VAR && param_of(m, x->lhs->var) >= 0;
  case IR_INDEX:
    return map_index(m, x, false) && map_args(m, x->args);
  case IR_BUILTIN:
    switch (x->bi->kind) {
    case BK_VALUE:
      if (x->bi->id == BI_LANEID)
        return false;
      break;
    case BK_MATH: case BK_CAST:
      break;
    default:
      if (x->bi->id != BI_POPC && x->bi->id != BI_CLZ && x->bi->id != BI_FFS &&
          x->bi->id != BI_BREV && x->bi->id != BI_MIN && x->bi->id != BI_MAX &&
          x->bi->id != BI_ABS)
        return false;
    }
    return map_args(m, x->args);
  case IR_CAST: case IR_UNARY: case IR_BINOP: case IR_LOGIC: case IR_COMPARE: case IR_HELPER:
  case IR_SELECT:
    return map_expr(m, x->lhs) && map_expr(m, x->rhs) && map_expr(m, x->cond) &&
           map_expr(m, x->then) && map_expr(m, x->els) && map_args(m, x->args);
  default:
    return false;
  }
}

/* An atomic on an array parameter whose value nobody reads (a statement). */
static bool map_atomic(MapCtx *m, const Node *x) {
  const Node *t = x->args;
  return x->kind == IR_BUILTIN && x->bi->kind == BK_ATOMIC && t && t->kind == IR_INDEX &&
         map_index(m, t, true) && map_args(m, t->args) && map_args(m, t->next);
}

/* 2-d: a variable the statements before the guard assign (each trip would see the last
   trip's value). */
static bool frozen(const MapCtx *m, const Var *v) {
  for (int j = 0; j < m->npre; j++)
    if (m->pre[j] == v)
      return true;
  return false;
}

static bool map_stmts(MapCtx *m, const Node *n) {
  for (; n; n = n->next) {
    switch (n->kind) {
    case IR_BLOCK:
      if (!map_stmts(m, n->body))
        return false;
      break;
    case IR_ASSIGN:
      if (n->op != OP_NONE && n->lhs->kind == IR_INDEX && !map_index(m, n->lhs, false))
        return false;                           /* x[i] += v reads x[i] too */
      if (n->lhs->kind == IR_VAR ? n->lhs->var == m->iv || n->lhs->ty->kind == TY_ARRAY ||
                                       n->lhs->var->is_param || frozen(m, n->lhs->var)
                                 : n->lhs->kind != IR_INDEX || !map_index(m, n->lhs, true))
        return false;
      if ((n->lhs->kind == IR_INDEX && !map_args(m, n->lhs->args)) || !map_expr(m, n->rhs))
        return false;
      break;
    case IR_EXPR:
      if (!map_atomic(m, n->lhs) && !map_expr(m, n->lhs))
        return false;
      break;
    case IR_IF:
      if (!map_expr(m, n->cond) || !map_stmts(m, n->then) || !map_stmts(m, n->els))
        return false;
      break;
    default:
      return false;
    }
  }
  return true;
}

/* The kernel's two statements, i = jit.grid(1) and `if i < BOUND:` (no else), or NULL. */
static const Node *map_guard(MapCtx *m, const Spec *s) {
  const Node *n = s->body && s->body->kind == IR_BLOCK ? s->body->body : NULL;
  if (!n || n->kind != IR_ASSIGN || n->op != OP_NONE || n->lhs->kind != IR_VAR ||
      !type_is_int(n->lhs->ty->kind) || dtype_info[n->lhs->ty->kind].size < 4 ||
      !is_grid(n->rhs, 0))
    return NULL;
  m->iv = n->lhs->var;
  const Node *g = n->next;
  if (!g || g->next || g->kind != IR_IF || g->els || g->cond->kind != IR_COMPARE ||
      g->cond->op != OP_LT || !type_is_int(g->cond->cty->kind) || !is_iv(m, g->cond->lhs))
    return NULL;
  const Node *bound = g->cond->rhs;
  uint8_t keep[64];
  int np = s->nparams < 64 ? s->nparams : 64;
  for (int j = 0; j < np; j++)
    keep[j] = m->access[j];
  bool ok = ir_pure(bound) && map_expr(m, bound) && !reads_var(bound, m->iv, false);
  for (int j = 0; j < np; j++)                    /* the bound's reads come before the loop */
    m->access[j] = keep[j] | (m->access[j] & MAP_READ);
  return ok ? g : NULL;
}

/* ---------------------------------------------------------------- the specialisation */

static Var *twin_var(MapCtx *m, const Var *v) {
  for (int j = 0; j < m->nvars; j++)
    if (m->from[j] == v)
      return m->to[j];
  return (Var *)v;
}

static Node *clone(MapCtx *m, const Node *x, bool list) {
  Node *head = NULL, **at = &head;
  for (; x; x = list ? x->next : NULL) {
    Node *r = ast_new(m->c, x->kind, x->loc);
    *r = *x;
    r->var = x->var ? twin_var(m, x->var) : NULL;
    r->lhs = clone(m, x->lhs, false);
    r->rhs = clone(m, x->rhs, false);
    r->cond = clone(m, x->cond, false);
    r->step = clone(m, x->step, false);
    r->then = clone(m, x->then, true);
    r->els = clone(m, x->els, true);
    r->body = clone(m, x->body, true);
    r->args = clone(m, x->args, true);
    r->next = NULL;
    r->ltail = r->lhead = NULL;
    *at = r;
    at = &r->next;
  }
  return head;
}

static Node *mk(MapCtx *m, NodeKind k, Loc loc, Type *ty) { return lower_node(m->c, k, loc, ty); }

static Node *conv(MapCtx *m, Node *x, Type *ty) { return lower_cast(m->c, x, ty); }

static Node *less(MapCtx *m, Node *l, Node *r, Type *cty) {
  Node *n = mk(m, IR_COMPARE, l->loc, ty_scalar(TY_BOOL));
  n->op = OP_LT;
  n->cty = cty;
  n->lhs = conv(m, l, cty);
  n->rhs = conv(m, r, cty);
  return n;
}

static Node *pick(MapCtx *m, Node *cond, Node *a, Node *b) {
  Node *n = mk(m, IR_SELECT, cond->loc, a->ty);
  n->cond = cond;
  n->then = a;
  n->els = b;
  return n;
}

/* The loop's stop, of i's type: BOUND < N ? max(BOUND, 0) : N, compared in the guard's
   type C (N < 2^31 and i >= 0, so `i < BOUND` in C holds exactly for i below it). */
static Node *stop_of(MapCtx *m, const Node *cmp, Var *n) {
  Type *cty = cmp->cty, *vt = m->iv->ty;
  Node *nn = lower_ref(m->c, n, cmp->loc);
  Node *b = conv(m, clone(m, cmp->rhs, false), cty);
  if (ty_is_signed(cty))                          /* (IR_CONST's value: 0) */
    b = pick(m, less(m, clone(m, cmp->rhs, false), mk(m, IR_CONST, cmp->loc, cty), cty),
             mk(m, IR_CONST, cmp->loc, cty), b);
  Node *s = pick(m, less(m, clone(m, cmp->rhs, false), nn, cty), b,
                 conv(m, lower_ref(m->c, n, cmp->loc), cty));
  return conv(m, s, vt);
}

static Var *copy_var(MapCtx *m, const Var *v) {
  Var *t = arena_alloc(&m->c->arena, sizeof *t);
  *t = *v;
  t->next = NULL;
  m->from[m->nvars] = (Var *)v;
  m->to[m->nvars++] = t;
  return t;
}

/* The twin of S without its body: S's parameters, pykc_nthreads (*N), its locals (copies). */
static Spec *twin_shell(MapCtx *m, Spec *s, Loc loc, Var **np) {
  Ctx *c = m->c;
  int nl = 0;
  for (const Var *v = s->locals; v; v = v->next)
    nl++;
  m->from = arena_alloc(&c->arena, (size_t)(s->nparams + nl + 1) * sizeof *m->from);
  m->to = arena_alloc(&c->arena, (size_t)(s->nparams + nl + 1) * sizeof *m->to);
  Spec *t = arena_alloc(&c->arena, sizeof *t);
  *t = *s;
  t->next = NULL;
  t->nparams = s->nparams + 1;
  t->ptypes = arena_alloc(&c->arena, (size_t)t->nparams * sizeof *t->ptypes);
  t->params = arena_alloc(&c->arena, (size_t)t->nparams * sizeof *t->params);
  for (int j = 0; j < s->nparams; j++) {
    t->ptypes[j] = s->ptypes[j];
    t->params[j] = copy_var(m, s->params[j]);
  }
  Var *n = arena_alloc(&c->arena, sizeof *n);     /* pykc_ is the emitters' prefix: no */
  n->name = n->cname = intern_cstr(&c->names, "pykc_nthreads");   /* user name is it */
  n->ty = t->ptypes[s->nparams] = ty_scalar(TY_INT64);
  n->first = loc;
  n->is_param = n->is_temp = n->read = true;
  t->params[s->nparams] = n;
  Var **at = &t->locals;
  for (const Var *v = s->locals; v; v = v->next, at = &(*at)->next)
    *at = copy_var(m, v);
  t->is_map = true;
  t->map = NULL;
  t->map_dims = (uint8_t)m->dims;
  t->map_xinner = m->x_last && !m->x_outer;
  t->map_access = m->access;
  t->lowered = false;
  *np = n;
  return t;
}

/* for IV in range(START, min(max(BOUND, 0), N), blockDim.A * gridDim.A): THEN (A: x for
   the 1-d twin, y for the 2-d one); CMP is the guard's `iv < BOUND`. */
static Node *twin_loop(MapCtx *m, const Node *start, const Node *cmp, Var *n, const Node *then) {
  Loc loc = cmp->loc;
  Var *iv = twin_var(m, m->iv);
  Node *loop = mk(m, IR_FOR, loc, NULL);
  loop->var = iv;
  loop->lhs = conv(m, clone(m, start, false), iv->ty);
  Node *step = mk(m, IR_BINOP, loc, ty_scalar(TY_UINT32));
  step->op = OP_MUL;
  step->cty = step->ty;
  step->lhs = mk(m, IR_BUILTIN, loc, ty_scalar(TY_UINT32));     /* jit.gridsize's item */
  step->lhs->bi = builtin_lookup("jit", m->dims == 1 ? "blockDim.x" : "blockDim.y");
  step->rhs = mk(m, IR_BUILTIN, loc, ty_scalar(TY_UINT32));
  step->rhs->bi = builtin_lookup("jit", m->dims == 1 ? "gridDim.x" : "gridDim.y");
  loop->step = conv(m, step, iv->ty);
  loop->rhs = stop_of(m, cmp, n);
  loop->stepsign = 1;
  loop->body = clone(m, then, true);
  if (!loop->body || loop->body->next || loop->body->kind != IR_BLOCK) {
    Node *blk = mk(m, IR_BLOCK, loc, NULL);
    blk->body = loop->body;
    loop->body = blk;
  }
  return loop;
}

static Spec *make_map(MapCtx *m, Spec *s, const Node *guard) {
  Var *n;
  Spec *t = twin_shell(m, s, guard->loc, &n);
  t->body = mk(m, IR_BLOCK, s->body->loc, NULL);
  t->body->body = twin_loop(m, s->body->body->rhs, guard->cond, n, guard->then);
  return t;
}

/* ---------------------------------------------------------------- 2-d kernels
 *
 *   PRE (x, y = jit.grid(2) or its axes by hand; locals that read no y)
 *   if LEAF and ... and y < BOUND and ... :      (no else; each leaf pure, reading no y)
 *       BODY
 *
 * becomes PRE without y's statements, then
 *
 *   if OTHER LEAVES:
 *       for y in range(jit.grid(2)[1], min(max(BOUND, 0), pykc_nthreads), jit.gridsize(2)[1]):
 *           BODY
 *
 * pykc_nthreads: the user's launch's threads along y. BODY may assign nothing PRE assigns.
 */

/* Does X (LIST: and its successors) read a y index (OTHER: other than the loop's)? */
static bool reads_y(const MapCtx *m, const Node *x, bool list, bool other) {
  for (int j = 0; j < m->npre; j++)
    if (m->axis[j] == 2 && (!other || m->pre[j] != m->iv) && reads_var(x, m->pre[j], list))
      return true;
  return false;
}

/* Does X read an element of an array? */
static bool reads_element(const Node *x) {
  if (!x)
    return false;
  if (x->kind == IR_INDEX)
    return true;
  for (const Node *a = x->args; a; a = a->next)
    if (reads_element(a))
      return true;
  return reads_element(x->lhs) || reads_element(x->rhs) || reads_element(x->cond) ||
         reads_element(x->then) || reads_element(x->els);
}

/* A statement before the guard: `v = EXPR` of a local nothing assigned before; a thread
   index (jit.grid's x or y, or a copy of one, at least 32 bits) is recorded with its axis. */
static bool map_pre(MapCtx *m, const Node *n) {
  if (n->kind != IR_ASSIGN || n->op != OP_NONE || n->lhs->kind != IR_VAR || m->npre == MAXPRE)
    return false;
  Var *v = n->lhs->var;
  if (v->is_param || v->is_shared || v->ty->kind >= TY_NSCALAR || frozen(m, v))
    return false;
  const Var *from = widened_var(n->rhs);
  int a = is_grid(n->rhs, 0) ? 1 : is_grid(n->rhs, 1) ? 2 : from ? axis_of(m, from) : 0;
  if (a && (!type_is_int(v->ty->kind) || dtype_info[v->ty->kind].size < 4))
    return false;
  if (!a && (reads_y(m, n->rhs, false, false) || !map_expr(m, n->rhs)))
    return false;
  m->pre[m->npre] = v;
  m->axis[m->npre++] = (uint8_t)a;
  return true;
}

/* The leaves of the conjunction X (`a and b and c`) into OUT from N; -1: more than MAX. */
static int leaves(const Node *x, const Node **out, int n, int max) {
  if (x->kind == IR_LOGIC && x->op == OP_AND) {
    n = leaves(x->lhs, out, n, max);
    return n < 0 ? n : leaves(x->rhs, out, n, max);
  }
  if (n == max)
    return -1;
  out[n] = x;
  return n + 1;
}

/* The guard of a 2-d kernel (m->iv: its y), its leaves in LEAF (*YLEAF: the y's), or NULL. */
static const Node *map_guard2(MapCtx *m, const Spec *s, const Node **leaf, int *nleaf,
                              int *yleaf) {
  const Node *n = s->body && s->body->kind == IR_BLOCK ? s->body->body : NULL;
  for (; n && n->next; n = n->next)
    if (!map_pre(m, n))
      return NULL;
  if (!n || n->kind != IR_IF || n->els || (*nleaf = leaves(n->cond, leaf, 0, MAXPRE)) < 0)
    return NULL;
  *yleaf = -1;
  for (int j = 0; j < *nleaf && *yleaf < 0; j++) {
    const Node *l = leaf[j];
    Var *v = l->kind == IR_COMPARE && l->op == OP_LT && type_is_int(l->cty->kind)
                 ? widened_var(l->lhs) : NULL;
    if (v && axis_of(m, v) == 2) {
      *yleaf = j;
      m->iv = v;
    }
  }
  if (*yleaf < 0)
    return NULL;
  for (int j = 0; j < *nleaf; j++) {             /* the others run once, before the loop, */
    const Node *x = j == *yleaf ? leaf[j]->rhs : leaf[j];   /* also where no y is in */
    if (!ir_pure(x) || !map_expr(m, x) || reads_y(m, x, false, false) ||   /* bounds: */
        (j != *yleaf && reads_element(x)))        /* no element (it may lie outside) */
      return NULL;
  }
  return reads_y(m, n->then, true, true) ? NULL : n;
}

static Spec *make_map2(MapCtx *m, Spec *s, const Node *guard, const Node **leaf, int nleaf,
                       int yleaf) {
  Var *n;
  Spec *t = twin_shell(m, s, guard->loc, &n);
  const Node *start = NULL;
  Node *head = NULL, **at = &head;
  for (const Node *p = s->body->body; p != guard; p = p->next) {
    if (axis_of(m, p->lhs->var) == 2) {           /* y's statements: the loop's start */
      if (!start)
        start = p->rhs;
      continue;
    }
    *at = clone(m, p, false);
    at = &(*at)->next;
  }
  Node *loop = twin_loop(m, start, leaf[yleaf], n, guard->then), *cond = NULL;
  for (int j = 0; j < nleaf; j++) {               /* the other leaves, in their order */
    if (j == yleaf)
      continue;
    Node *l = clone(m, leaf[j], false);
    if (cond) {
      Node *both = mk(m, IR_LOGIC, l->loc, ty_scalar(TY_BOOL));
      both->op = OP_AND;
      both->lhs = cond;
      both->rhs = l;
      l = both;
    }
    cond = l;
  }
  if (cond) {
    Node *g = mk(m, IR_IF, guard->loc, NULL);
    g->cond = cond;
    g->then = loop;
    loop = g;
  }
  *at = loop;
  t->body = mk(m, IR_BLOCK, s->body->loc, NULL);
  t->body->body = head;
  for (Var **l = &t->locals; *l;) {               /* y's copies but the loop's: unused */
    int j = 0;
    while (j < m->nvars && m->to[j] != *l)
      j++;
    if (j < m->nvars && m->from[j] != m->iv && axis_of(m, m->from[j]) == 2)
      *l = (*l)->next;
    else
      l = &(*l)->next;
  }
  return t;
}

void lower_map(Ctx *c, Spec *s) {
  if (!s->fn->is_kernel || s->finfo || !s->body || s->map || s->is_map)
    return;
  MapCtx m = {.c = c, .s = s, .dims = 1};
  m.access = arena_alloc(&c->arena, (size_t)(s->nparams ? s->nparams : 1));
  for (int j = 0; j < s->nparams; j++)
    m.access[j] = 0;
  const Node *guard = map_guard(&m, s);
  if (guard) {
    if (map_stmts(&m, guard->then) && !reads_var(guard->next, m.iv, true))
      s->map = make_map(&m, s, guard);
    return;
  }
  for (int j = 0; j < s->nparams; j++)            /* (map_guard's tally was of no use) */
    m.access[j] = 0;
  m.dims = 2;
  const Node *leaf[MAXPRE];
  int nleaf, yleaf;
  guard = map_guard2(&m, s, leaf, &nleaf, &yleaf);
  if (!guard)
    return;
  for (int j = 0; j < s->nparams; j++)            /* PRE's and the guard's reads come */
    m.access[j] &= MAP_READ;                      /* before every trip: reads only */
  if (map_stmts(&m, guard->then))
    s->map = make_map2(&m, s, guard, leaf, nleaf, yleaf);
}
