/*
 * dsl/sema_factory.c: device-function factories: a host function that defines and
 * returns a device function, called at module level or from a kernel with constant
 * arguments; each distinct argument list is one instance (its own scope and functions).
 */
#include "sema_int.h"

#include <limits.h>
#include <string.h>

#define T(k) ty_scalar(k)

/* One instance of a factory: its argument values and what it returned. */
typedef struct Instance {
  Node **vals;
  int nvals;
  Val ret;
  struct Instance *next;
} Instance;

static bool same_const(const Node *a, const Node *b) {
  if (a->kind != b->kind || !ty_equal(a->ty, b->ty))
    return false;
  if (a->kind == IR_TUPLE) {
    for (a = a->args, b = b->args; a && b; a = a->next, b = b->next)
      if (!same_const(a, b))
        return false;
    return !a && !b;
  }
  return sema_is_fconst(a) ? memcmp(&a->fval, &b->fval, sizeof a->fval) == 0
                           : a->uval == b->uval;
}

Val sema_factory_call(Sema *S, Func *g, Node *call) {
  Node *def = g->def;
  int np = ast_count(def->params), n = 0;
  Node **vals = arena_alloc(&S->c->arena, sizeof *vals * (size_t)(np ? np : 1));
  Node *params[256];
  if (np > 256) {
    diag_error(S->c, call->loc, "'%s' has too many parameters to be called in a kernel", g->name);
    return (Val){.kind = VAL_ERROR};
  }
  int i = 0;
  for (Node *p = def->params; p; p = p->next)
    params[i++] = p;
  for (Node *a = call->args; a; a = a->next) {     /* arguments: constants, by position or name */
    int at = -1;
    if (a->kind == ND_KWARG) {
      for (int k = 0; k < np; k++)
        if (params[k]->kind == ND_PARAM && params[k]->name == a->name)
          at = k;
    } else
      at = n++;
    if (at < 0 || at >= np || params[at]->kind != ND_PARAM) {
      if (a->kind == ND_KWARG)
        diag_error(S->c, a->loc, "'%s' has no parameter '%s'", g->name, a->name);
      else
        diag_error(S->c, a->loc, "'%s' takes %d argument%s", g->name, np, np == 1 ? "" : "s");
      return (Val){.kind = VAL_ERROR};
    }
    Node *v = sema_rvalue(S, a->kind == ND_KWARG ? a->rhs : a);
    if (sema_is_error(v))
      return (Val){.kind = VAL_ERROR};
    if (!sema_const_value(v)) {
      diag_error(S->c, a->loc, "the arguments of factory '%s' must be compile-time constants "
                 "(it is specialised per value)", g->name);
      return (Val){.kind = VAL_ERROR};
    }
    vals[at] = v;
  }
  for (int k = 0; k < np; k++)
    if (params[k]->kind == ND_PARAM && !vals[k] && !params[k]->rhs) {
      diag_error(S->c, call->loc, "'%s' needs its argument '%s'", g->name, params[k]->name);
      return (Val){.kind = VAL_ERROR};
    }
  for (Instance *in = g->instances; in; in = in->next) {
    bool same = true;
    for (int k = 0; k < np && same; k++)
      same = (!in->vals[k] && !vals[k]) ||
             (in->vals[k] && vals[k] && same_const(in->vals[k], vals[k]));
    if (same)
      return in->ret;
  }
  int nesting = S->instantiating;                   /* factories in device functions in ... */
  for (FnState *fs = S->fs; fs; fs = fs->outer)
    nesting++;
  if (nesting >= 64) {
    diag_error(S->c, call->loc, "factory calls nested too deeply (recursive factory '%s'?)",
               g->name);
    return (Val){.kind = VAL_ERROR};
  }
  /* a fresh scope, as a call of the host function makes: parameters, then its items */
  FnState *fs = S->fs;
  Scope *scope = S->scope;
  int at = S->at;
  S->fs = NULL;
  S->scope = g->scope;
  S->at = INT_MAX;
  S->instantiating++;
  Scope *sc = sema_new_scope(S, def, g->scope);
  for (int k = 0; k < np; k++) {
    Node *p = params[k];
    if (p->kind != ND_PARAM)
      continue;
    if (vals[k])
      sema_bind_param(S, sc, p, (Val){.kind = VAL_EXPR, .n = vals[k]}, NULL);
    else if (p->rhs)
      sema_bind_param(S, sc, p, sema_const_eval(S, p->rhs),
                 arena_printf(&S->c->arena, "it is a parameter of '%s' whose default pykc "
                              "cannot evaluate", g->name));
  }
  Func *made = NULL, **tail = &made;
  int id = ++S->instances;
  sema_do_items(S, sc, def->body, &tail);
  Func **end = &S->p->funcs;                       /* lower.c names and lowers them */
  while (*end)
    end = &(*end)->next;
  *end = made;
  for (Func *f = made; f; f = f->next) {
    char *q = arena_printf(&S->c->arena, "%s_%d", f->name, id);
    for (char *d = q; *d; d++)
      if (*d == '.')
        *d = '_';
    f->cbase = intern_cstr(&S->c->names, q);
  }
  Val ret = {.kind = VAL_ERROR};
  S->scope = sc;
  if (!sc->ret)
    diag_error(S->c, call->loc, "'%s' returns no device function pykc can see (it needs "
               "`return NAME` of a @jit.rawkernel(device=True) function)", g->name);
  else {
    ret = sema_expr(S, sc->ret->lhs);
    if (ret.kind != VAL_FUNC && ret.kind != VAL_ERROR) {
      diag_error(S->c, sc->ret->loc, "'%s' must return a device function to be called in a "
                 "kernel", g->name);
      ret.kind = VAL_ERROR;
    }
  }
  S->instantiating--;
  S->fs = fs;
  S->scope = scope;
  S->at = at;
  Instance *in = arena_alloc(&S->c->arena, sizeof *in);
  in->vals = vals;
  in->nvals = np;
  in->ret = ret;
  in->next = g->instances;
  g->instances = in;
  return ret;
}

