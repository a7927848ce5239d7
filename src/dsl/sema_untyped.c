/*
 * sema_untyped.c: `pykc check` on a kernel whose types come from its launch (no
 * annotations, no --sig; issue 20 §3). What does not depend on the argument types is
 * checked with sema's own evaluation of names and attributes, so the messages are the
 * typed check's: every name the body reads is a parameter, a local (a name the kernel
 * binds anywhere: Python's rule), or resolves outside the kernel (a constant, a module,
 * a builtin, a device function; else "unknown name", "did you mean", "a host function");
 * every attribute of a module exists (`jit.threadIdy`: did you mean 'jit.threadIdx'?).
 * Syntax and unsupported constructs were reported by the parser (`pykc check` reads every
 * kernel: no Ctx.lazy). A warning then names
 * the kernel and says how to have its types checked too.
 */
#include "sema_int.h"

#include <string.h>

typedef struct Locals {
  const char **names;
  int n, cap;
} Locals;

static void add_local(Sema *S, Locals *l, const char *name) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 16;
    const char **names = arena_alloc(&S->c->arena, (size_t)cap * sizeof *names);
    if (l->n)
      memcpy(names, l->names, (size_t)l->n * sizeof *names);
    l->names = names;
    l->cap = cap;
  }
  l->names[l->n++] = name;
}

static bool is_local(const Locals *l, const char *name) {
  for (int i = 0; i < l->n; i++)
    if (l->names[i] == name)                       /* interned */
      return true;
  return false;
}

/* The names a target binds: `a`, `a, b`, `(a, (b, c))`; x[i] and x.a bind none. */
static void bind_target(Sema *S, Locals *l, const Node *t) {
  if (t->kind == ND_NAME)
    add_local(S, l, t->name);
  else if (t->kind == ND_TUPLE)
    for (const Node *a = t->args; a; a = a->next)
      bind_target(S, l, a);
}

/* Every name the statements bind (nested blocks too). Iterative over the statement lists,
   recursive only in nesting depth, which the parser bounds. */
static void collect(Sema *S, Locals *l, const Node *st) {
  for (; st; st = st->next) {
    switch (st->kind) {
    case ND_ASSIGN:
      for (const Node *t = st->targets; t; t = t->next)
        bind_target(S, l, t);
      break;
    case ND_AUGASSIGN:
    case ND_ANNASSIGN:
    case ND_FOR:
      bind_target(S, l, st->lhs);
      break;
    default:
      break;
    }
    collect(S, l, st->then);
    collect(S, l, st->els);
    collect(S, l, st->body);
  }
}

/* The name an attribute chain starts from (x in x.a.b), or NULL (a call's result ...). */
static const Node *chain_root(const Node *e) {
  while (e->kind == ND_ATTR)
    e = e->lhs;
  return e->kind == ND_NAME ? e : NULL;
}

static void check_exprs(Sema *S, const Locals *l, const Node *e);

/* One expression: names and module attributes through sema_expr (no function state: no
   locals, nothing typed), the rest by its parts. */
static void check_expr(Sema *S, const Locals *l, const Node *e) {
  if (!e)
    return;
  switch (e->kind) {
  case ND_NAME:
  case ND_ATTR: {
    const Node *root = chain_root(e);
    if (root && !is_local(l, root->name))
      sema_expr(S, (Node *)e);                     /* reports what does not resolve */
    else if (!root)
      check_expr(S, l, e->lhs);
    return;
  }
  case ND_CALL:
  case ND_SUBSCRIPT:
    check_expr(S, l, e->lhs);
    check_exprs(S, l, e->args);
    return;
  case ND_KWARG:
  case ND_STARRED:
    check_expr(S, l, e->rhs ? e->rhs : e->lhs);
    return;
  case ND_IFEXP:
    check_expr(S, l, e->cond);
    check_expr(S, l, e->then);
    check_expr(S, l, e->els);
    return;
  case ND_SLICE:
    check_expr(S, l, e->lhs);
    check_expr(S, l, e->rhs);
    check_expr(S, l, e->step);
    return;
  default:                                         /* operators, tuples, literals */
    check_expr(S, l, e->lhs);
    check_expr(S, l, e->rhs);
    check_exprs(S, l, e->args);
    return;
  }
}

static void check_exprs(Sema *S, const Locals *l, const Node *e) {
  for (; e; e = e->next)
    check_expr(S, l, e);
}

/* The names a target reads (x in x[i] = v, and i), not those it binds. */
static void check_target(Sema *S, const Locals *l, const Node *t) {
  if (t->kind == ND_TUPLE)
    for (const Node *a = t->args; a; a = a->next)
      check_target(S, l, a);
  else if (t->kind != ND_NAME)
    check_expr(S, l, t);
}

static void check_stmts(Sema *S, const Locals *l, const Node *st) {
  for (; st; st = st->next) {
    for (const Node *t = st->kind == ND_ASSIGN ? st->targets : NULL; t; t = t->next)
      check_target(S, l, t);
    if (st->kind == ND_AUGASSIGN || st->kind == ND_ANNASSIGN || st->kind == ND_FOR)
      check_target(S, l, st->lhs);
    else
      check_expr(S, l, st->lhs);
    check_expr(S, l, st->rhs);
    check_expr(S, l, st->cond);
    check_stmts(S, l, st->then);
    check_stmts(S, l, st->els);
    check_stmts(S, l, st->body);
  }
}

void sema_check_untyped(Sema *S, Func *f) {
  FnState *saved_fs = S->fs;
  Scope *saved_scope = S->scope;
  S->fs = NULL;
  S->scope = f->scope;
  Locals l = {0};
  for (const Node *p = f->def->params; p; p = p->next)
    add_local(S, &l, p->name);
  collect(S, &l, f->def->body);
  check_stmts(S, &l, f->def->body);
  S->fs = saved_fs;
  S->scope = saved_scope;
  diag_warning(S->c, f->def->loc, "kernel '%s' is not typed (its parameters have no "
               "annotations): only what does not depend on its argument types was checked; "
               "pass --sig '%s(...)' or annotate its parameters to check the rest", f->name,
               f->name);
}
