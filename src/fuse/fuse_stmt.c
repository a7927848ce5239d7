/*
 * fuse_stmt.c: the statements of a @cupy.fuse body (fuse.h), run as CuPy's trace runs
 * the Python: assignments bind names (a tuple unpacks), `x op= y` and `x[:] = v` write
 * into the array x (its `__iop__` / `__setitem__`: the ufunc's out=), return gives the
 * outputs, an `if` on host values takes one arm, a nested def binds a function (a closure
 * that fuse_call.c inlines when it is called). A write keeps the array's identity: every
 * name bound to it sees the new value from there on, and an argument written is the
 * caller's array, updated in place (its parameter `_non_const`).
 */
#include "fuse.h"

#include <string.h>

/* ---------------------------------------------------------------- names */

void fuse_bind(Fuse *F, const char *name, TVal v) {
  Binding *b = arena_alloc(&F->c->arena, sizeof *b);
  b->name = name;
  b->v = v;
  b->next = F->names;
  F->names = b;
}

static Binding *binding(Fuse *F, const char *name) {
  for (Binding *b = F->names; b; b = b->next)
    if (b->name == name)
      return b;
  return NULL;
}

/* ---------------------------------------------------------------- writes into arrays */

bool fuse_store(Fuse *F, const TVal *dst, const TVal *v, Loc loc) {
  if (dst->bad || v->bad)
    return false;
  if (dst->ndim < 0 || dst->cn || dst->is_dtype || dst->tuple || dst->none || dst->str) {
    diag_error(F->c, loc, "Return arrays must be of ArrayType (in cupy.fuse: the output "
               "operand is not an array)");
    return false;
  }
  TVal both[2] = {*dst, *v};
  if (!fuse_same_side(F, both, 2, loc))
    return false;
  if (v->dt != dst->dt && !type_same_kind(v->dt, dst->dt)) {
    diag_error(F->c, loc, "Cannot cast output operand from dtype('%s') to dtype('%s') "
               "according to the rule 'same_kind'", fuse_dtype_name(v->dt),
               fuse_dtype_name(dst->dt));
    return false;
  }
  if (v->ndim > dst->ndim) {
    diag_error(F->c, loc, "non-broadcastable output operand (a %d-dimensional value into "
               "a %d-dimensional array)", v->ndim, dst->ndim);
    return false;
  }
  if (F->staged)                                   /* (a new value: fuse_stage.c) */
    return fuse_stage_store(F, dst, v, loc);
  buf_printf(F->code, "%s = %s;\n", dst->c, fuse_operand(F, v, dst->dt));
  fuse_note_use(F, dst);
  int at = -1;
  for (int i = 0; i < F->nparams + F->nviews; i++)
    if (dst->param && F->pnames[i] == dst->c)
      F->written[at = i] = true;
  for (int i = 0; at >= 0 && i < F->nparams + F->nviews; i++)   /* (views written into */
    if (i != at && F->used[i] && !F->written[i] &&   /* are its own elements) */
        fuse_memory(F, i) == fuse_memory(F, at)) {
      F->want_stages = true;
      diag_error(F->c, loc, "pykc's fuse writes into an array that it also reads through "
                 "another view (its kernel has one loop: CuPy's fuse runs them one after the "
                 "other)");
      return false;
    }
  return true;
}

/* x[key] = v into the array x (evaluated): __setitem__ takes `:` and `...` only, as
   cupy's elementwise_copy with out=x (its loop is v's, then cast 'same_kind' into x). */
static bool setitem_of(Fuse *F, const TVal *x, Node *target, const TVal *v, Loc vloc) {
  Node *ix = target->args;
  bool all = ix && !ix->next &&
             ((ix->kind == ND_SLICE && !ix->lhs && !ix->rhs && !ix->step) ||
              (ix->kind == ND_UNSUPPORTED && !strcmp(ix->str, AST_ELLIPSIS)));
  if (x->ndim < 0 || x->cn || x->is_dtype || x->tuple || x->none) {
    diag_error(F->c, target->loc, "'%s' object does not support item assignment",
               x->tuple ? "tuple" : x->ndim < 0 && !x->is_dtype && !x->none ? "_ScalarProxy"
                                                                            : "this");
    return false;
  }
  if (!all) {
    diag_error(F->c, target->loc, "The fusion supports `[...]` or `[:]`.");
    return false;
  }
  TVal r = fuse_call_ufunc(F, fuse_ufunc("copy"), v, vloc);
  return !r.bad && fuse_store(F, x, &r, target->loc);
}

static bool setitem(Fuse *F, Node *target, Node *value) {
  TVal x = fuse_expr(F, target->lhs);
  if (x.bad)
    return false;
  TVal v = x.ndim < 0 || x.cn || x.is_dtype || x.tuple || x.none ? x : fuse_expr(F, value);
  return !v.bad && setitem_of(F, &x, target, &v, value->loc);
}

/* ---------------------------------------------------------------- assignments */

static bool bind_target(Fuse *F, Node *t, TVal v, Loc at) {
  if (t->kind == ND_NAME) {
    fuse_bind(F, t->name, v);
    return true;
  }
  if (t->kind == ND_TUPLE) {                       /* a, b = v: Python's unpacking */
    int n = ast_count(t->args);
    if (!v.tuple) {
      diag_error(F->c, at, "cannot unpack non-iterable %s object", v.ndim >= 0 ? "_ArrayProxy"
                 : v.cn ? "constant" : "_ScalarProxy");
      return false;
    }
    if (v.nitems != n) {
      if (v.nitems < n)
        diag_error(F->c, at, "not enough values to unpack (expected %d, got %d)", n, v.nitems);
      else
        diag_error(F->c, at, "too many values to unpack (expected %d)", n);
      return false;
    }
    int i = 0;
    for (Node *a = t->args; a; a = a->next, i++)
      if (!bind_target(F, a, v.items[i], at))
        return false;
    return true;
  }
  diag_error(F->c, t->loc, "pykc's fuse assigns to names, tuples of names and x[:]");
  return false;
}

static bool assign(Fuse *F, Node *st) {
  if (st->targets && !st->targets->next && st->targets->kind == ND_SUBSCRIPT)
    return setitem(F, st->targets, st->rhs);
  TVal v = fuse_expr(F, st->rhs);
  if (v.bad)
    return false;
  for (Node *t = st->targets; t; t = t->next)
    if (!bind_target(F, t, v, st->loc))
      return false;
  return true;
}

/* `x op= y` of the value *x (an array: its __iop__, the ufunc with out=x, cast
   'same_kind'; a scalar: Python's fallback x = x op y, *x the result). */
static bool inplace(Fuse *F, Node *st, TVal *x) {
  if (!ufunc_of_op[st->op] || st->op == OP_MATMUL) {
    diag_error(F->c, st->loc, "the '%s=' operator is not supported in cupy.fuse",
               op_spelling[st->op]);
    return false;
  }
  TVal in[2] = {*x, fuse_expr(F, st->rhs)};
  if (in[0].bad || in[1].bad)
    return false;
  Node op = {.kind = ND_BINOP, .loc = st->loc, .op = st->op, .lhs = st->lhs, .rhs = st->rhs};
  if (in[0].cn && in[1].cn && fuse_try_const(F, &op, x))   /* host Python: k += 1 */
    return true;
  TVal r = fuse_call_ufunc(F, fuse_ufunc(ufunc_of_op[st->op]), in, st->loc);
  if (r.bad)
    return false;
  if (in[0].ndim < 0 || in[0].cn) {                /* a scalar: x = x op y */
    *x = r;
    return true;
  }
  return fuse_store(F, &in[0], &r, st->loc);
}

/* `x op= y` of a name, or of an item `c[k] op= y` as Python runs it: t = c[k] (a view),
   t op= y, then c[k] = t (__setitem__: CuPy's `[...]` or `[:]` only). */
static bool augassign(Fuse *F, Node *st) {
  if (st->lhs->kind == ND_SUBSCRIPT) {
    TVal c = fuse_expr(F, st->lhs->lhs);
    TVal t = c.bad ? c : fuse_index(F, &c, st->lhs);
    return !t.bad && inplace(F, st, &t) && setitem_of(F, &c, st->lhs, &t, st->loc);
  }
  if (st->lhs->kind != ND_NAME) {
    diag_error(F->c, st->lhs->loc, "pykc's fuse updates names and items in place (x op= y, "
               "x[:] op= y)");
    return false;
  }
  Binding *b = binding(F, st->lhs->name);
  if (!b) {
    diag_error(F->c, st->lhs->loc, "local variable '%s' referenced before assignment",
               st->lhs->name);
    return false;
  }
  return inplace(F, st, &b->v);
}

/* ---------------------------------------------------------------- loops */

/* An int argument of range() that host Python knows when it traces. */
static bool range_arg(Fuse *F, Node *a, long long *v) {
  TVal t;
  if (!fuse_host(F, a, &t) && !fuse_try_const(F, a, &t))
    t = (TVal){.bad = false};
  if (t.bad)
    return false;
  if (!t.cn || !t.cn->weak || !(type_is_int(t.cn->ty->kind) || t.cn->ty->kind == TY_BOOL)) {
    diag_error(F->c, a->loc, "pykc unrolls a fuse body's for loop over range() of integers "
               "known when it traces the function (%s)", t.cn || t.is_dtype
                   ? "'float' object cannot be interpreted as an integer"
                   : "a traced value has no Python value: Cannot convert to Python scalar");
    return false;
  }
  *v = (long long)sema_const_i128(t.cn);
  return true;
}

enum { MAX_UNROLL = 4096 };

/* One pass of a loop's body; false after a diagnostic. A break ends the loop (*stop). */
static bool loop_body(Fuse *F, Node *body, Node **ret, bool *stop) {
  F->loops++;
  bool ok = fuse_stmts(F, body, ret);
  F->loops--;
  *stop = F->jump == ND_BREAK || *ret;
  F->jump = 0;
  return ok;
}

/* while COND: CuPy runs the loop in Python, so the trace runs the body while host
   Python's COND holds (unrolled); a COND of a traced value is CuPy's TypeError. The else
   clause runs when no break ended the loop. */
static bool while_loop(Fuse *F, Node *st, Node **ret) {
  bool stop = false;
  for (long long n = 0; !stop; n++) {
    int t = fuse_host_truth(F, st->cond);
    if (t < 0)
      return false;
    if (!t)
      return !st->els || fuse_stmts(F, st->els, ret);
    if (n == MAX_UNROLL) {
      diag_error(F->c, st->loc, "pykc unrolls a fuse body's loops: this while loop runs more "
                 "than %d times", MAX_UNROLL);
      return false;
    }
    if (!loop_body(F, st->body, ret, &stop))
      return false;
  }
  return true;
}

/* for T in range(...) / in a tuple: CuPy runs the loop in Python, so the trace runs the
   body once per item (unrolled); the else clause when no break ended it. */
static bool loop(Fuse *F, Node *st, Node **ret) {
  Node *it = st->rhs;
  long long r[3] = {0, 0, 1};
  int nr = 0;
  TVal seq = {0};
  bool is_range = it->kind == ND_CALL && it->lhs->kind == ND_NAME &&
                  !strcmp(it->lhs->name, "range") && !sema_lookup_sym(F->S, it->lhs->name);
  if (is_range) {
    for (Node *a = it->args; a; a = a->next) {
      if (nr == 3 || a->kind == ND_KWARG) {
        diag_error(F->c, a->loc, "range expected at most 3 arguments");
        return false;
      }
      if (!range_arg(F, a, &r[nr++]))
        return false;
    }
    if (nr == 0) {
      diag_error(F->c, it->loc, "range expected at least 1 argument, got 0");
      return false;
    }
    if (nr == 1)
      r[1] = r[0], r[0] = 0;
    if (r[2] == 0) {
      diag_error(F->c, it->loc, "range() arg 3 must not be zero");
      return false;
    }
  } else if ((seq = fuse_expr(F, it)).bad) {
    return false;
  } else if (!seq.tuple) {
    diag_error(F->c, it->loc, "pykc's fuse loops over range() or a tuple (a traced array is "
               "not iterable in cupy.fuse)");
    return false;
  }
  long long n = !is_range ? seq.nitems
                : r[2] > 0 ? (r[1] > r[0] ? (r[1] - r[0] + r[2] - 1) / r[2] : 0)
                           : (r[0] > r[1] ? (r[0] - r[1] - r[2] - 1) / -r[2] : 0);
  if (n > MAX_UNROLL) {
    diag_error(F->c, it->loc, "pykc unrolls a fuse body's loops: at most %d iterations, this "
               "one has %lld", MAX_UNROLL, n);
    return false;
  }
  bool stop = false;
  for (long long i = 0; i < n && !stop; i++) {
    TVal v = is_range ? fuse_const_val(F, sema_py_int(F->S, st->loc, r[0] + i * r[2]), st->loc)
                      : seq.items[i];
    if (!bind_target(F, st->lhs, v, st->loc) || !loop_body(F, st->body, ret, &stop))
      return false;
  }
  return stop || !st->els || fuse_stmts(F, st->els, ret);
}

/* ---------------------------------------------------------------- statements */

static bool stmt(Fuse *F, Node *st, Node **ret) {
  switch (st->kind) {
  case ND_PASS:
    return true;
  case ND_EXPR_STMT:
    if (st->lhs->kind == ND_STR)                   /* a docstring */
      return true;
    return !fuse_expr(F, st->lhs).bad;
  case ND_ASSIGN:
    return assign(F, st);
  case ND_AUGASSIGN:
    return augassign(F, st);
  case ND_RETURN:
    *ret = st;
    return true;
  case ND_IF: {                                    /* host Python: one arm is traced */
    int t = fuse_host_truth(F, st->cond);
    if (t < 0)
      return false;
    Node *arm = t ? st->then : st->els;
    return !arm || fuse_stmts(F, arm, ret);
  }
  case ND_FOR:
    return loop(F, st, ret);
  case ND_WHILE:
    return while_loop(F, st, ret);
  case ND_BREAK:
  case ND_CONTINUE:
    if (!F->loops) {
      diag_error(F->c, st->loc, "'%s' outside loop", st->kind == ND_BREAK ? "break" : "continue");
      return false;
    }
    F->jump = st->kind;
    return true;
  case ND_FUNCDEF: {                               /* a nested def: a closure */
    if (st->decorators) {
      diag_error(F->c, st->decorators->loc, "pykc's fuse runs no decorators of a nested "
                 "def (CuPy's trace would call what the decorator made)");
      return false;
    }
    PyFn *fn = arena_alloc(&F->c->arena, sizeof *fn);
    *fn = (PyFn){.def = st, .scope = F->S->scope, .env = F->names, .depth = F->depth,
                 .frame = F->frame[F->depth],
                 .qual = arena_printf(&F->c->arena, "%s.%s", F->qual, st->name)};
    fuse_bind(F, st->name, (TVal){.dt = TY_ERROR, .ndim = -1, .fn = fn});
    return true;
  }
  case ND_UNSUPPORTED:
    return fuse_unsupported(F, st);
  default:
    diag_error(F->c, st->loc, "pykc's fuse takes assignments, op=, x[:] = v and return "
               "statements, ifs and while loops on host values and for loops over range() "
               "or a tuple");
    return false;
  }
}

bool fuse_stmts(Fuse *F, Node *body, Node **ret) {
  bool ok = true;
  for (Node *st = body; st && !*ret && !F->jump; st = st->next) {
    F->at = st->loc;
    ok = stmt(F, st, ret) && ok;
  }
  return ok;
}
