/*
 * dsl/sema_pydef.c: the program's plain Python defs (ND_PYDEF, the module's els: the
 * parser keeps each undecorated host def's tokens). Which def a bare name in a function
 * reaches (sema_pydef, for the fuse trace and for kernels); and cupyx.jit's call of one
 * from a kernel: with every argument a constant, cupyx.jit calls the function in Python
 * when it compiles (_compile.py: `Constant(func(*args, **kwargs))`), which pykc does for a
 * body of constant assignments, `if`s on constants and a return (sema_pydef_call); with
 * another argument, cupyx.jit's TypeError "Invalid function call".
 */
#include "call.h"

#include <string.h>

Node *sema_pydef(Sema *S, const char *qual, const char *name) {
  size_t qlen = qual ? strlen(qual) : 0, nlen = strlen(name);
  for (;;) {
    Node *found = NULL;
    for (Node *d = S->p->module->els; d; d = d->next)
      if (d->name == name && !d->weak && strlen(d->str) == (qlen ? qlen + 1 : 0) + nlen &&
          (!qlen || (!strncmp(d->str, qual, qlen) && d->str[qlen] == '.')))
        found = d;
    if (found || !qlen)
      return found;
    while (qlen > 0 && qual[qlen - 1] != '.')     /* the enclosing function's name */
      qlen--;
    qlen -= qlen > 0;
  }
}

Scope *sema_pydef_scope(Sema *S, const Node *d) {
  Scope *sc = S->scope;
  for (; sc && sc->qual; sc = sc->parent) {
    size_t n = strlen(sc->qual);
    if (!sc->is_class && !strncmp(d->str, sc->qual, n) && d->str[n] == '.')
      break;
  }
  return sc ? sc : S->module;
}

/* "'x'", "'x' and 'y'", "'x', 'y', and 'z'": Python's list of missing arguments. */
static const char *name_list(Sema *S, const char *const *names, int n) {
  const char *s = "";
  for (int i = 0; i < n; i++)
    s = arena_printf(&S->c->arena, "%s%s'%s'", s,
                     i == 0 ? "" : i == n - 1 ? (n > 2 ? ", and " : " and ") : ", ", names[i]);
  return s;
}

int sema_match_args(Sema *S, Node *def, Node *call, Node **prm, Node **given) {
  int n = 0, npos = 0, ndflt = 0;
  for (Node *p = def->params; p; p = p->next) {
    if (p->kind != ND_PARAM || n == SEMA_MAX_PARAMS) {
      diag_error(S->c, p->loc, p->kind != ND_PARAM ? "pykc calls %s() with positional or "
                 "keyword parameters only" : "%s() has too many parameters for pykc",
                 def->name);
      return -1;
    }
    ndflt += p->rhs != NULL;
    given[n] = NULL;
    prm[n++] = p;
  }
  for (Node *a = call->args; a; a = a->next)
    npos += a->kind != ND_KWARG;
  if (npos > n) {
    const char *takes = ndflt ? arena_printf(&S->c->arena, "from %d to %d positional "
                                             "arguments", n - ndflt, n)
                              : arena_printf(&S->c->arena, "%d positional argument%s", n,
                                             n == 1 ? "" : "s");
    diag_error(S->c, call->loc, "%s() takes %s but %d %s given", def->name, takes, npos,
               npos == 1 ? "was" : "were");
    return -1;
  }
  int i = 0;
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_STARRED) {
      diag_error(S->c, a->loc, "pykc passes no *args to %s()", def->name);
      return -1;
    }
    int k = i;
    if (a->kind == ND_KWARG) {
      for (k = 0; k < n && strcmp(prm[k]->name, a->name); k++)
        ;
      if (k == n || given[k]) {
        diag_error(S->c, a->loc, k == n ? "%s() got an unexpected keyword argument '%s'"
                                        : "%s() got multiple values for argument '%s'",
                   def->name, a->name);
        return -1;
      }
    } else {
      i++;
    }
    given[k] = a->kind == ND_KWARG ? a->rhs : a;
  }
  const char *missing[SEMA_MAX_PARAMS];
  int nmissing = 0;
  for (int k = 0; k < n; k++)
    if (!given[k] && !prm[k]->rhs)
      missing[nmissing++] = prm[k]->name;
  if (nmissing) {
    diag_error(S->c, call->loc, "%s() missing %d required positional argument%s: %s",
               def->name, nmissing, nmissing == 1 ? "" : "s",
               name_list(S, missing, nmissing));
    return -1;
  }
  return n;
}

/* E's value when it is a constant, else VAL_ERROR, reporting nothing. */
static Val quiet_const(Sema *S, Node *e) {
  Ctx *c = S->c;
  bool discard = c->discard;
  int errors = c->nerrors;
  c->discard = true;
  Val v = sema_const_eval(S, e);
  c->discard = discard;
  c->nerrors = errors;
  if (v.kind == VAL_EXPR && !sema_is_const(v.n))
    v.kind = VAL_ERROR;
  return v;
}

/* Runs BODY (in the helper's scope, S->scope) as Python would on constants: *ret its
   return value once one is reached. False after a diagnostic. */
static bool run_body(Sema *S, const char *fname, Node *body, Val *ret, bool *done) {
  for (Node *st = body; st && !*done; st = st->next) {
    if (st->kind == ND_EXPR_STMT && st->lhs->kind == ND_STR)
      continue;                                    /* a docstring */
    if (st->kind == ND_PASS)
      continue;
    if (st->kind == ND_ASSIGN && st->targets && !st->targets->next &&
        st->targets->kind == ND_NAME) {
      Val v = sema_const_eval(S, st->rhs);
      if (v.kind == VAL_ERROR || !sema_bind_val(S, st->targets->name, v))
        return v.kind == VAL_ERROR ? false : (diag_error(S->c, st->loc, "pykc cannot bind "
               "this value in %s() when it compiles the kernel", fname), false);
      continue;
    }
    if (st->kind == ND_RETURN) {
      *ret = st->lhs ? sema_const_eval(S, st->lhs) : (Val){.kind = VAL_NONE};
      *done = true;
      return ret->kind != VAL_ERROR;
    }
    if (st->kind == ND_IF) {
      Val c = sema_const_eval(S, st->cond);
      if (c.kind == VAL_ERROR)
        return false;
      bool t = c.kind == VAL_NONE ? false : c.kind == VAL_EXPR ? sema_const_truth(c.n) : true;
      if (!run_body(S, fname, t ? st->then : st->els, ret, done))
        return false;
      continue;
    }
    diag_error(S->c, st->loc, "pykc runs %s() when it compiles the kernel (cupyx.jit calls "
               "it in Python: every argument is a constant) only through constant "
               "assignments, ifs and a return", fname);
    return false;
  }
  return true;
}

Val sema_pydef_call(Sema *S, Node *pd, Node *call) {
  const char *name = pd->name;
  Node *prm[SEMA_MAX_PARAMS], *given[SEMA_MAX_PARAMS];
  Val vals[SEMA_MAX_PARAMS];
  for (Node *a = call->args; a; a = a->next) {     /* cupyx.jit: constants or its TypeError */
    Val v = quiet_const(S, a->kind == ND_KWARG ? a->rhs : a);
    if (v.kind == VAL_ERROR || a->kind == ND_STARRED) {
      diag_error(S->c, call->loc, "Invalid function call '%s' (cupyx.jit's TypeError: a "
                 "kernel calls a plain Python function only with constant arguments, in "
                 "Python when it compiles; decorate it @jit.rawkernel(device=True) to call "
                 "it on values)", name);
      return val_error();
    }
  }
  if (pd->ival & 1) {
    diag_error(S->c, call->lhs->loc, "'%s' (line %u) has decorators pykc cannot run when it "
               "compiles the kernel", name, pd->loc.line);
    return val_error();
  }
  Node *def = parse_pydef(S->c, pd);
  if (!def)
    return val_error();
  int n = sema_match_args(S, def, call, prm, given);
  if (n < 0)
    return val_error();
  FnState *fs = S->fs;
  Scope *saved = S->scope;
  Scope *def_scope = sema_pydef_scope(S, pd);
  S->fs = NULL;                                    /* the kernel's locals are not its */
  S->scope = def_scope;
  bool ok = true;
  for (int k = 0; k < n && ok; k++) {              /* arguments: the caller's; defaults: */
    S->scope = given[k] ? saved : def_scope;       /* the def's scope */
    S->fs = given[k] ? fs : NULL;
    vals[k] = sema_const_eval(S, given[k] ? given[k] : prm[k]->rhs);
    ok = vals[k].kind != VAL_ERROR;
  }
  Val ret = {.kind = VAL_NONE};
  if (ok) {
    Scope *sc = sema_new_scope(S, def, def_scope);
    sc->qual = pd->str;
    S->fs = NULL;
    S->scope = sc;
    for (int k = 0; k < n; k++)
      sema_bind_param(S, sc, prm[k], vals[k], "it is a parameter of a host function");
    bool done = false;
    ok = run_body(S, name, def->body, &ret, &done);
  }
  S->fs = fs;
  S->scope = saved;
  return ok ? ret : val_error();
}
