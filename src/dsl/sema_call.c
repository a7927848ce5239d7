/*
 * sema_call.c: calls. A call's arguments are collected (Args, dsl/call.h); builtins
 * dispatch through a table of handlers indexed by their typing rule (the handlers are
 * in dsl/sema_call_*.c by job); device functions are bound by name, specialised per
 * argument types (sema_device_spec) and become IR_CALL.
 */
#include "dsl/call.h"

#include <string.h>

static const char *callee_text(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME)
    return nd->name;
  if (nd->kind == ND_ATTR)
    return arena_printf(&S->c->arena, "%s.%s", callee_text(S, nd->lhs), nd->name);
  if (nd->kind == ND_CALL)                         /* number(3)(x): what number(3) gave */
    return arena_printf(&S->c->arena, "%s(...)", callee_text(S, nd->lhs));
  return "function";
}

bool call_collect(Sema *S, Node *call, Args *A) {
  memset(A, 0, sizeof *A);
  A->call = call;
  A->fname = callee_text(S, call->lhs);
  for (Node *a = call->args; a; a = a->next) {
    if (a->kind == ND_KWARG) {
      if (A->nkw == MAXKW)
        goto many;
      A->kwname[A->nkw] = a->name;
      A->kwloc[A->nkw] = a->loc;
      A->kw[A->nkw++] = a->rhs;
    } else {
      if (A->npos == MAXARGS)
        goto many;
      if (a->kind == ND_STARRED) {
        diag_error(S->c, a->loc, "starred arguments are not supported in kernels");
        return false;
      }
      A->pos[A->npos++] = a;
    }
  }
  return true;
many:
  diag_error(S->c, call->loc, "too many arguments in a call");
  return false;
}

/* The argument at position i or keyword `kw` (NULL if absent); *taken marks the
   keyword as used. Reports a duplicate. */
Node *call_arg(Sema *S, Args *A, int i, const char *kw, bool *used) {
  Node *r = i >= 0 && i < A->npos ? A->pos[i] : NULL;
  for (int k = 0; kw && k < A->nkw; k++)
    if (!strcmp(A->kwname[k], kw)) {
      used[k] = true;
      if (r) {
        diag_error(S->c, A->kwloc[k], "%s() got multiple values for argument '%s'", A->fname,
                   kw);
        return r;
      }
      r = A->kw[k];
    }
  return r;
}

bool call_no_other_kw(Sema *S, Args *A, const bool *used) {
  for (int k = 0; k < A->nkw; k++)
    if (!used[k]) {
      diag_error(S->c, A->kwloc[k], "%s() got an unexpected keyword argument '%s'", A->fname,
                 A->kwname[k]);
      return false;
    }
  return true;
}

bool call_count_ok(Sema *S, const Builtin *b, Args *A, int n) {
  if (n >= b->minargs && n <= b->maxargs)
    return true;
  if (b->minargs == b->maxargs)
    diag_error(S->c, A->call->loc, "%s() takes %d argument%s, got %d", A->fname, b->minargs,
               b->minargs == 1 ? "" : "s", n);
  else if (b->maxargs >= MAXARGS)
    diag_error(S->c, A->call->loc, "%s() takes at least %d arguments, got %d", A->fname,
               b->minargs, n);
  else
    diag_error(S->c, A->call->loc, "%s() takes %d to %d arguments, got %d", A->fname,
               b->minargs, b->maxargs, n);
  return false;
}

/* Positional-only builtins: count check, no keywords. */
bool call_plain(Sema *S, const Builtin *b, Args *A) {
  if (A->nkw) {
    diag_error(S->c, A->kwloc[0], "%s() got an unexpected keyword argument '%s'", A->fname,
               A->kwname[0]);
    return false;
  }
  return call_count_ok(S, b, A, A->npos);
}

Node *call_scalar_arg(Sema *S, Args *A, Node *nd, int i) {
  Node *e = sema_rvalue(S, nd);
  if (!sema_is_error(e) && !ty_is_scalar(e->ty)) {
    diag_error(S->c, e->loc, "argument %d of %s() must be a scalar, got %s", i + 1, A->fname,
               ty_str(S->c, e->ty));
    return sema_error_node(S, e->loc);
  }
  return e;
}

Node *sema_ufunc_cast(Sema *S, Node *x, Type *to, const char *fname, int i) {
  if (sema_is_error(x) || !x->weak)
    return sema_assign_convert(S, x, to,
                               arena_printf(&S->c->arena, "argument %d of %s(dtype=%s)", i + 1,
                                            fname, ty_str(S->c, to)));
  return sema_convert(S, x, to); /* a constant: dtype.type(value) */
}

/* dtype= of a cp./np. ufunc call (cupyx: ufunc._ops._guess_routine_from_dtype): the type
   it names; NULL when absent or None; TY_ERROR after a diagnostic. */
Type *call_ufunc_dtype(Sema *S, Args *A, bool *used) {
  Node *d = call_arg(S, A, -1, "dtype", used);
  if (!d)
    return NULL;
  if (d->kind == ND_STR) { /* dtype='f4' */
    size_t len;
    const char *s = sema_str_literal(S, d, &len);
    int k = s ? ty_parse_dtype(s, len) : -1;
    if (k < 0 && s)
      diag_error(S->c, d->loc, "data type '%s' not understood", s);
    return T(k < 0 ? TY_ERROR : (TypeKind)k);
  }
  Val v = sema_expr(S, d);
  if (v.kind == VAL_ERROR)
    return T(TY_ERROR);
  if (v.kind == VAL_NONE)
    return NULL;
  Type *t = sema_dtype_of(S, v);
  if (!t) {
    diag_error(S->c, d->loc, "%s(): dtype= takes a dtype such as cp.float32", A->fname);
    return T(TY_ERROR);
  }
  return t;
}

static const Handler handlers[TR_COUNT] = {
  [TR_SIMPLE] = call_simple, [TR_SYNCWARP] = call_syncwarp, [TR_GRID] = call_grid,
  [TR_STMT_ONLY] = call_stmt_only, [TR_ATOMIC] = call_atomic, [TR_SHFL] = call_shfl,
  [TR_VOTE] = call_vote, [TR_BITS] = call_bits, [TR_RANGE] = call_range, [TR_LEN] = call_len,
  [TR_MINMAX] = call_minmax, [TR_ABS] = call_abs, [TR_CAST] = call_cast, [TR_UFUNC] = call_ufunc,
  [TR_MATH] = call_math, [TR_CONST_OBJECT] = call_const_object, [TR_COMPLEX] = call_complex,
  [TR_LIB] = call_lib,
};

/* ---------------------------------------------------------------- device functions */

static Val device_call(Sema *S, Func *f, Args *A) {
  Node *call = A->call;
  if (f->is_kernel) {
    diag_error(S->c, call->loc,
               "cannot call kernel '%s' from a kernel or device function; only "
               "functions decorated @jit.rawkernel(device=True) can be called",
               f->name);
    return val_error();
  }
  Node *params[MAXARGS];
  int np = 0;
  for (Node *p = f->def->params; p && np < MAXARGS; p = p->next)
    params[np++] = p;
  Node *slot[MAXARGS] = {0};
  if (A->npos > np) {
    diag_error(S->c, call->loc, "%s() takes %d argument%s, got %d", f->name, np,
               np == 1 ? "" : "s", A->npos + A->nkw);
    return val_error();
  }
  for (int i = 0; i < A->npos; i++)
    slot[i] = A->pos[i];
  for (int k = 0; k < A->nkw; k++) {
    int i = 0;
    while (i < np && params[i]->name != A->kwname[k])
      i++;
    if (i == np) {
      diag_error(S->c, A->kwloc[k], "%s() has no parameter named '%s'", f->name, A->kwname[k]);
      return val_error();
    }
    if (slot[i]) {
      diag_error(S->c, A->kwloc[k], "%s() got multiple values for argument '%s'", f->name,
                 A->kwname[k]);
      return val_error();
    }
    slot[i] = A->kw[k];
  }
  Node *args[MAXARGS];
  Type *types[MAXARGS];
  bool bad = false;
  for (int i = 0; i < np; i++) {
    Node *nd = slot[i] ? slot[i] : params[i]->rhs;
    if (!nd) {
      diag_error(S->c, call->loc, "%s() missing argument '%s'", f->name, params[i]->name);
      return val_error();
    }
    args[i] = sema_settle(S, sema_rvalue(S, nd));
    if (sema_is_error(args[i]))
      bad = true;
    else if (args[i]->ty->kind == TY_OBJ) {
      diag_error(S->c, nd->loc, "argument '%s' of %s() is a %s; device functions take values "
                 "and arrays (call jit.cg / jit.cub inside the function)", params[i]->name,
                 f->name, ty_str(S->c, args[i]->ty));
      bad = true;
    }
    else if (args[i]->ty->kind == TY_VOID) {
      diag_error(S->c, nd->loc, "argument '%s' of %s() has no value", params[i]->name, f->name);
      bad = true;
    }
    types[i] = args[i]->ty;
  }
  if (bad)
    return val_error();
  Spec *sp = sema_device_spec(S, f, types, np, call->loc);
  if (!sp || sp->failed) /* its own errors are reported: nothing more here */
    return val_error();
  Node *n = sema_mk(S, IR_CALL, call->loc, sp->ret);
  n->callee = sp;
  for (int i = 0; i < np; i++)
    add_arg(n, args[i]);
  return val_expr(n);
}

/* ---------------------------------------------------------------- entry points */

Val sema_call(Sema *S, Node *call) {
  /* z.conj(), z.conjugate(): NumPy's scalar methods (cupyx has none) */
  if (call->lhs->kind == ND_ATTR && !call->args &&
      (!strcmp(call->lhs->name, "conj") || !strcmp(call->lhs->name, "conjugate"))) {
    Val base = sema_expr(S, call->lhs->lhs);
    if (base.kind == VAL_ERROR)
      return base;
    if (base.kind == VAL_EXPR && ty_is_scalar(base.n->ty))
      return val_expr(sema_complex_part(S, BI_CONJ, base.n, NULL, call->loc));
  }
  if (call->lhs->kind == ND_NAME && !sema_lookup_var(S, call->lhs->name)) {
    Sym *s = sema_lookup_sym(S, call->lhs->name);  /* a host function from elsewhere */
    if (s && s->kind == SYM_OPAQUE && s->from && !s->is_module) {
      diag_error(S->c, call->lhs->loc, "'%s' is imported from %s, which pykc does not read "
                 "(it compiles this file alone): kernels call the device functions defined "
                 "here (@jit.rawkernel(device=True)) and cupy, numpy and math functions",
                 s->name, s->from);
      return val_error();
    }
    Node *pd = s ? NULL : sema_pydef(S, S->scope->qual, call->lhs->name);
    if (pd)                                        /* a plain Python def of the program */
      return sema_pydef_call(S, pd, call);
  }
  Val f = sema_expr(S, call->lhs);
  if (f.kind == VAL_ERROR)
    return f;
  if (f.kind == VAL_FUNC && f.fn->is_factory)
    return sema_factory_call(S, f.fn, call);
  Args *A = arena_alloc(&S->c->arena, sizeof *A);
  if (!call_collect(S, call, A))
    return val_error();
  if (f.kind == VAL_FUNC)
    return device_call(S, f.fn, A);
  if (f.kind == VAL_METHOD)
    return call_lib_method(S, f, A);
  if (f.kind == VAL_LIBTYPE)
    return call_lib_class(S, f.libty, A);
  if (f.kind == VAL_BUILTIN && f.dtype_obj) {
    diag_error(S->c, call->loc, "a dtype object (np.dtype(T)) is not callable; call its "
               ".type: np.dtype(T).type(...)");
    return val_error();
  }
  if (f.kind == VAL_BUILTIN) {
    const Builtin *b = f.bi;
    A->module = f.module;
    if (handlers[b->rule])
      return handlers[b->rule](S, b, A);
  }
  diag_error(S->c, call->loc, "'%s' is not callable", A->fname);
  return val_error();
}

/* The builtin a callee expression names, without reporting anything. */
static const Builtin *quiet_callee(Sema *S, Node *nd) {
  if (nd->kind == ND_NAME) {
    if (S->fs && sema_lookup_var(S, nd->name))
      return NULL;
    Sym *s = sema_lookup_sym(S, nd->name);
    if (s)
      return s->kind == SYM_BUILTIN ? s->bi : NULL;
    return builtin_lookup("builtins", nd->name);
  }
  if (nd->kind == ND_ATTR && nd->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, nd->lhs->name);
    if (s && s->kind == SYM_MODULE && !sema_gives_jit(s->module))
      return builtin_lookup(s->module, nd->name);
    if (s && s->kind == SYM_BUILTIN && s->bi->kind == BK_THREAD_IDX)
      return NULL;
  }
  if (nd->kind == ND_ATTR && nd->lhs->kind == ND_ATTR && nd->lhs->lhs->kind == ND_NAME) {
    Sym *s = sema_lookup_sym(S, nd->lhs->lhs->name);
    if (s && s->kind == SYM_MODULE && sema_gives_jit(s->module) && !strcmp(nd->lhs->name, "jit"))
      return builtin_lookup("jit", nd->name);
  }
  return NULL;
}

bool sema_is_builtin_call(Sema *S, Node *nd, int id) {
  if (!nd || nd->kind != ND_CALL)
    return false;
  const Builtin *b = quiet_callee(S, nd->lhs);
  return b && b->id == id;
}

