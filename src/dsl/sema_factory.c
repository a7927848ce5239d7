/*
 * dsl/sema_factory.c: device-function factories: a host function that defines and
 * returns a device function, called at module level or from a kernel with constant
 * arguments; each distinct argument list is one instance (its own scope and functions).
 * And kernel factories called at module level (`k = make_kernel(128, cp.float32)`): the
 * call is one instance of the factory's body, its returned kernel named k (a def it
 * decorates, or a plain def it decorates by a call: `k = jit.rawkernel()(f)`).
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

/* The arguments of a call of factory g, by parameter: params[k] is its k-th parameter
   and args[k] the argument expression bound to it by position or name, or NULL; the
   parameter count, or -1 after a diagnostic. */
static int match_args(Sema *S, Func *g, Node *call, Node **params, Node **args) {
  int np = ast_count(g->def->params), n = 0, i = 0;
  if (np > 256) {
    diag_error(S->c, call->loc, "'%s' has too many parameters to be called", g->name);
    return -1;
  }
  for (Node *p = g->def->params; p; p = p->next, i++)
    params[i] = p, args[i] = NULL;
  for (Node *a = call->args; a; a = a->next) {
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
      return -1;
    }
    args[at] = a->kind == ND_KWARG ? a->rhs : a;
  }
  return np;
}

Val sema_factory_call(Sema *S, Func *g, Node *call) {
  Node *def = g->def;
  Node *params[256], *args[256];
  int np = match_args(S, g, call, params, args);
  if (np < 0)
    return (Val){.kind = VAL_ERROR};
  Node **vals = arena_alloc(&S->c->arena, sizeof *vals * (size_t)(np ? np : 1));
  for (int at = 0; at < np; at++) {               /* arguments: constants */
    Node *a = args[at];
    if (!a)
      continue;
    Node *v = sema_rvalue(S, a);
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


/* ---- kernel factories called at module level: `k = make_kernel(128, cp.float32)` ---- */

/* The kernel the factory's body defines and returns (`return kern`), as read with its
   default values (sema_do_items' reading of the host function), or NULL. */
static Func *returned_kernel(Sema *S, const Func *g) {
  const Node *ret = NULL;
  for (const Node *it = g->def->body; it; it = it->next)
    if (it->kind == ND_RETURN)
      ret = it;
  if (!ret || !ret->lhs || ret->lhs->kind != ND_NAME)
    return NULL;
  const char *q = arena_printf(&S->c->arena, "%s.%s", g->def->str, ret->lhs->name);
  for (Func *f = S->p->funcs; f; f = f->next)
    if (f->is_kernel && !strcmp(f->name, q))
      return f;
  return NULL;
}

/* Does factory g's body define a kernel (read with its defaults)? */
static bool defines_kernel(Sema *S, const Func *g) {
  size_t n = strlen(g->def->str);
  for (Func *f = S->p->funcs; f; f = f->next)
    if (f->is_kernel && !strncmp(f->name, g->def->str, n) && f->name[n] == '.')
      return true;
  return false;
}

/* `var = g(...)` whose value pykc cannot follow to a kernel: what --kernel VAR says. */
static void not_followed(Sema *S, const char *var, const Func *g, const Node *call) {
  Unbuilt *u = arena_alloc(&S->c->arena, sizeof *u);
  u->names[0] = var;
  u->diags = arena_printf(&S->c->arena, "%s:%u: `%s = %s(...)` is not followed: pykc binds "
                          "a kernel factory's parameters to a module-level call's arguments "
                          "when the factory ends with `return NAME` of a kernel it defines; "
                          "name the kernel as %s.NAME (its parameters take their defaults)\n",
                          S->c->src->name, call->loc.line, var, g->name, g->def->str);
  u->next = S->unbuilt;
  S->unbuilt = u;
}

/* Renames f from "factory.rest" to "var.rest" (the returned kernel: "var" itself). */
static void rename_instance(Sema *S, Func *f, const char *factory, const char *var) {
  size_t n = strlen(factory);
  if (!strncmp(f->name, factory, n) && f->name[n] == '.')
    f->name = intern_cstr(&S->c->names, arena_printf(&S->c->arena, "%s%s", var, f->name + n));
}

bool sema_kernel_factory(Sema *S, const char *var, Node *call, Func ***tail) {
  if (call->kind != ND_CALL || call->lhs->kind != ND_NAME)
    return false;
  Sym *s = sema_lookup_sym(S, call->lhs->name);
  Func *g = s && s->kind == SYM_FUNC && s->fn->is_factory ? s->fn : NULL;
  Func *templ = g ? returned_kernel(S, g) : NULL;
  if (!templ) {
    if (g && defines_kernel(S, g))
      not_followed(S, var, g, call);
    return false;
  }
  Node *params[256], *args[256];
  int np = match_args(S, g, call, params, args);
  if (np < 0)
    return true;
  /* a fresh scope, as the call makes: its parameters bound to the call's arguments as
     Python evaluates them here (a value pykc cannot evaluate is named where a kernel
     reads it), the others to their defaults */
  Scope *sc = sema_new_scope(S, g->def, g->scope);
  for (int k = 0; k < np; k++) {
    Node *p = params[k];
    if (p->kind != ND_PARAM)
      continue;
    Node *e = args[k] ? args[k] : p->rhs;
    const char *why =
        args[k] ? arena_printf(&S->c->arena, "it is a parameter of '%s' bound to an argument "
                               "of the call at line %u that pykc cannot evaluate", g->name,
                               call->loc.line)
        : p->rhs ? arena_printf(&S->c->arena, "it is a parameter of '%s' whose default pykc "
                                "cannot evaluate", g->name)
                 : arena_printf(&S->c->arena, "it is a parameter of '%s' that the call at "
                                "line %u leaves without a value", g->name, call->loc.line);
    sema_bind_param(S, sc, p, e ? sema_const_eval(S, e) : (Val){.kind = VAL_ERROR}, why);
  }
  Func *made = NULL, **mt = &made;
  sema_do_items(S, sc, g->def->body, &mt);
  for (Func *f = S->p->funcs; f; f = f->next)     /* Python binds var to this instance */
    if (f->var == var && f->instance_of)
      f->var = NULL;
  for (Func *f = made; f; f = f->next) {
    rename_instance(S, f, g->def->str, var);
    f->instance_of = templ;
    if (f->def == templ->def && f->is_kernel)
      f->name = f->var = var;
    **tail = f;
    *tail = &f->next;
  }
  templ->instanced = true;
  return true;
}
